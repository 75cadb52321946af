import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { RecurringScheduleView, ScheduleRepeatSchema as ScheduleRepeat } from '../../../adapters/ports';
import { isDayOfMonth, MONTH_DAYS } from '../../../domain/recurringSchedule';
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

type RecurringOrdersActor = ReturnType<typeof useRecurringOrders>;

/** The rule the form holds, from the schedule being edited or the defaults of a new one. */
function initialRule(schedule: RecurringScheduleView | undefined) {
  const repeat = schedule?.repeat;
  return {
    kind: repeat?.kind ?? 'weekly',
    weekdays: repeat?.kind === 'weekly' ? [...repeat.weekdays].sort((a, b) => a - b) : WORKING_WEEK,
    dayOfMonth: repeat?.kind === 'monthly' ? String(repeat.day_of_month) : '1',
    time: schedule?.time ?? '09:30',
    until: schedule?.until ?? '',
  };
}

/** The field's day of the month when a monthly rule may name it (domain/recurringSchedule.ts), else null. */
function dayOfMonthOf(text: string): number | null {
  const day = Number(text);
  return text.trim() !== '' && isDayOfMonth(day) ? day : null;
}

/**
 * "Repeat on a schedule" for one saved template: weekdays, a time of day (in the vendor's zone, the
 * server's default) and an optional last day. Mounted only while open; it closes once the server
 * created the schedule, and shows the server's refusal inside, translated.
 */
export function ScheduleDialog({ vendorId, template, onClose }: { vendorId: string; template: { id: string; name: string }; onClose: () => void }) {
  const { api } = useOrdersServices();
  const actor = useRecurringOrders(api, vendorId);
  return <ScheduleForm actor={actor} template={template} onClose={onClose} />;
}

/**
 * The same dialog on the Recurring orders page, filled from a schedule: saving changes its rule
 * (through the page's actor, so the list shows what the server answered). The opener sends
 * `form.opened` first, so an earlier save neither closes it nor shows its refusal.
 */
export function EditScheduleDialog({ actor, schedule, onClose }: { actor: RecurringOrdersActor; schedule: RecurringScheduleView; onClose: () => void }) {
  return <ScheduleForm actor={actor} template={{ id: schedule.template_id, name: schedule.template_name }} schedule={schedule} onClose={onClose} />;
}

function ScheduleForm({ actor, template, schedule, onClose }: { actor: RecurringOrdersActor; template: { id: string; name: string }; schedule?: RecurringScheduleView; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const message = useMessage();
  const { clock } = useOrdersServices();
  const { show } = useToasts();
  // The run notices are mailed in the screen's language (the app's locale, not Intl's formatting one).
  const { locale } = usePreferences();
  const snapshot = useSelector(actor, (s) => s);
  const context = snapshot.context as RecurringOrdersContext;
  const [initial] = useState(() => initialRule(schedule));
  const [kind, setKind] = useState<ScheduleRepeat['kind']>(initial.kind);
  const [weekdays, setWeekdays] = useState<number[]>(initial.weekdays);
  const [dayOfMonth, setDayOfMonth] = useState(initial.dayOfMonth);
  const [time, setTime] = useState(initial.time);
  const [until, setUntil] = useState(initial.until);
  const names = weekdayNames(intl.locale, 'long');
  useEffect(() => {
    if (context.saved === null) return;
    show({ kind: 'success', message: 'recurring.toast.created' });
    onClose();
  }, [context.saved, show, onClose]);
  const saving = snapshot.matches('creating') || snapshot.matches('updating');
  const day = dayOfMonthOf(dayOfMonth);
  const repeat: ScheduleRepeat | null = kind === 'weekly' ? (weekdays.length > 0 ? { kind, weekdays } : null) : day === null ? null : { kind, day_of_month: day };
  const toggle = (weekday: number) => setWeekdays((days) => (days.includes(weekday) ? days.filter((one) => one !== weekday) : [...days, weekday].sort((a, b) => a - b)));
  const submit = () => {
    if (repeat === null) return;
    const lastDay = until === '' ? null : until;
    if (schedule) {
      // The same start and zone: only the days, the time and the last day change.
      actor.send({ type: 'edit.submitted', scheduleId: schedule.schedule_id, rule: { repeat, time, time_zone: schedule.time_zone, starts_on: schedule.starts_on, until: lastDay } });
      return;
    }
    actor.send({
      type: 'create.submitted',
      schedule: {
        template_id: template.id,
        repeat,
        time,
        // The server plans the first run after now; a start of today (UTC) never skips one.
        starts_on: new Date(clock.nowUnix() * 1000).toISOString().slice(0, 10),
        until: lastDay,
        language: locale,
      },
    });
  };
  const title = schedule ? t('recurring.edit') : t('recurring.repeat');
  return (
    <Dialog.Root open onOpenChange={(next) => !next && !saving && onClose()}>
      <Dialog.Portal>
        <Overlay />
        <Panel $width={480}>
          <Header>
            <Dialog.Title>{title}</Dialog.Title>
            <DialogCloseButton label={t('common.close')} />
          </Header>
          <Dialog.Description>{template.name}</Dialog.Description>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Fields>
              <Choices>
                <legend>{t('recurring.form.repeat')}</legend>
                <label>
                  <input type="radio" name="repeat" checked={kind === 'weekly'} onChange={() => setKind('weekly')} /> {t('recurring.form.weekly')}
                </label>
                <label>
                  <input type="radio" name="repeat" checked={kind === 'monthly'} onChange={() => setKind('monthly')} /> {t('recurring.form.monthly')}
                </label>
              </Choices>
              {kind === 'weekly' ? (
                <Choices>
                  <legend>{t('recurring.form.weekdays')}</legend>
                  {names.map((name, index) => (
                    <label key={name}>
                      <input type="checkbox" checked={weekdays.includes(index + 1)} onChange={() => toggle(index + 1)} /> {name}
                    </label>
                  ))}
                </Choices>
              ) : (
                <TextField
                  label={t('recurring.form.day-of-month')}
                  type="number"
                  inputMode="numeric"
                  min={MONTH_DAYS.first}
                  max={MONTH_DAYS.last}
                  value={dayOfMonth}
                  onValueChange={setDayOfMonth}
                  helperText={t('recurring.form.day-of-month.hint')}
                  error={day === null ? message('schedule.error.day-of-month') : null}
                  required
                />
              )}
              <TextField label={t('recurring.form.time')} type="time" value={time} onValueChange={setTime} required />
              <TextField label={t('recurring.form.until')} type="date" value={until} onValueChange={setUntil} />
              {context.saveError && <Notice kind="error">{message(context.saveError)}</Notice>}
            </Fields>
            <DialogActions>
              <Button variant="secondary" onClick={onClose} disabled={saving}>{t('common.cancel')}</Button>
              <Button type="submit" loading={saving} disabled={repeat === null || time === '' || (!snapshot.matches('ready') && !saving)}>
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

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  legend { font-weight: 600; margin-bottom: ${tokens.space(1)}; }
`;
