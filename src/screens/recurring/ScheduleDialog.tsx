import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { RecurringOrdersContext } from '../../../machines/recurringOrders';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { Button } from '../../components/Button';
import { Overlay } from '../../components/ConfirmDialog';
import { DialogActions } from '../../components/DialogActions';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { DialogPanel } from '../../components/DialogPanel';
import { Notice } from '../../components/Notice';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { weekdayNames } from './scheduleInWords';
import { useRecurringOrders } from './useRecurringOrders';

const WORKING_WEEK = [1, 2, 3, 4, 5];

/**
 * "Repeat on a schedule" for one saved template: weekdays, a time of day (in the vendor's zone, the
 * server's default) and an optional last day. Mounted only while open; it closes once the server
 * created the schedule, and shows the server's refusal inside, translated.
 */
export function ScheduleDialog({ vendorId, template, onClose }: { vendorId: string; template: { id: string; name: string }; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const message = useMessage();
  const { api, clock } = useOrdersServices();
  const { show } = useToasts();
  // The run notices are mailed in the screen's language (the app's locale, not Intl's formatting one).
  const { locale } = usePreferences();
  const actor = useRecurringOrders(api, vendorId);
  const snapshot = useSelector(actor, (s) => s);
  const context = snapshot.context as RecurringOrdersContext;
  const [weekdays, setWeekdays] = useState<number[]>(WORKING_WEEK);
  const [time, setTime] = useState('09:30');
  const [until, setUntil] = useState('');
  const names = weekdayNames(intl.locale, 'long');
  useEffect(() => {
    if (context.created === null) return;
    show({ kind: 'success', message: 'recurring.toast.created' });
    onClose();
  }, [context.created, show, onClose]);
  const creating = snapshot.matches('creating');
  const toggle = (day: number) => setWeekdays((days) => (days.includes(day) ? days.filter((one) => one !== day) : [...days, day].sort((a, b) => a - b)));
  return (
    <Dialog.Root open onOpenChange={(next) => !next && !creating && onClose()}>
      <Dialog.Portal>
        <Overlay />
        <Panel $width={480}>
          <Header>
            <Dialog.Title>{t('recurring.repeat')}</Dialog.Title>
            <DialogCloseButton label={t('common.close')} />
          </Header>
          <Dialog.Description>{template.name}</Dialog.Description>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({
                type: 'create.submitted',
                schedule: {
                  template_id: template.id,
                  repeat: { kind: 'weekly', weekdays },
                  time,
                  // The server plans the first run after now; a start of today (UTC) never skips one.
                  starts_on: new Date(clock.nowUnix() * 1000).toISOString().slice(0, 10),
                  until: until === '' ? null : until,
                  language: locale,
                },
              });
            }}
          >
            <Fields>
              <Days>
                <legend>{t('recurring.form.weekdays')}</legend>
                {names.map((name, index) => (
                  <label key={name}>
                    <input type="checkbox" checked={weekdays.includes(index + 1)} onChange={() => toggle(index + 1)} /> {name}
                  </label>
                ))}
              </Days>
              <TextField label={t('recurring.form.time')} type="time" value={time} onValueChange={setTime} required />
              <TextField label={t('recurring.form.until')} type="date" value={until} onValueChange={setUntil} />
              {context.createError && <Notice kind="error">{message(context.createError)}</Notice>}
            </Fields>
            <DialogActions>
              <Button variant="secondary" onClick={onClose} disabled={creating}>{t('common.cancel')}</Button>
              <Button type="submit" loading={creating} disabled={weekdays.length === 0 || time === '' || (!snapshot.matches('ready') && !creating)}>
                {t('recurring.form.submit')}
              </Button>
            </DialogActions>
          </form>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Panel = styled(DialogPanel)`
  h2 { font-size: 1.2rem; margin: 0; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(2)};
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
`;

const Days = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  legend { font-weight: 600; margin-bottom: ${tokens.space(1)}; }
`;
