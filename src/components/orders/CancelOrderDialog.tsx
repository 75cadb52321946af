import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { CANCEL_REASONS } from '../../../domain/cancellation';
import { OTHER_CANCEL_REASON, type orderCancelMachine } from '../../../machines/orderCancel';
import { Button } from '../Button';
import { Overlay } from '../ConfirmDialog';
import { Notice } from '../Notice';
import { TextArea } from '../TextArea';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { DialogActions } from '../DialogActions';
import { useReturnFocus } from '../useReturnFocus';
import { DialogPanel } from '../DialogPanel';

export type OrderCancelActor = ActorRefFrom<typeof orderCancelMachine>;

/** The reason picker of a cancellation (SPEC §4): open while the machine picks a reason, attempts the
 * cancel ('attempting to cancel') or reports a failure; the confirm button asks the machine. */
export function CancelOrderDialog({ actor }: { actor: OrderCancelActor }) {
  const t = useT();
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const otherReason = useSelector(actor, (snapshot) => snapshot.context.otherReason);
  const canConfirm = useSelector(actor, (snapshot) => snapshot.can({ type: 'cancel.confirmed' }));
  const open = state === 'pickingReason' || state === 'attempting' || state === 'failed';
  const attempting = state === 'attempting';
  const dismiss = () => actor.send({ type: 'dismissed' });
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !attempting && dismiss()}>
      <Dialog.Portal>
        <RaisedOverlay />
        <Content $width={440} $layer={51} onCloseAutoFocus={returnFocus} onEscapeKeyDown={(event) => attempting && event.preventDefault()}>
          <Dialog.Title>{t('cancel.title')}</Dialog.Title>
          <Dialog.Description>{t('cancel.description')}</Dialog.Description>
          {state === 'failed' && <Notice kind="error">{t('error.cant-cancel-order')}</Notice>}
          {attempting && <Notice kind="info">{t('action.attempt-cancel')}</Notice>}
          <Reasons aria-label={t('cancel.reason.label')}>
            <legend>{t('cancel.reason.label')}</legend>
            {CANCEL_REASONS.map((key) => (
              <label key={key}>
                <input
                  type="radio"
                  name="cancel-reason"
                  value={key}
                  checked={reason === key}
                  disabled={attempting}
                  onChange={() => actor.send({ type: 'reason.selected', reason: key })}
                />
                <span>{t(key)}</span>
              </label>
            ))}
          </Reasons>
          {reason === OTHER_CANCEL_REASON && (
            <OtherReason>
              <TextArea
                label={t('cancel.reason.other-label')}
                value={otherReason}
                maxLength={500}
                required
                autoFocus
                disabled={attempting}
                onValueChange={(text) => actor.send({ type: 'reason.typed', text })}
              />
            </OtherReason>
          )}
          <DialogActions>
            <Button variant="secondary" onClick={dismiss} disabled={attempting}>
              {t('cancel.keep-order')}
            </Button>
            <Button variant="danger" onClick={() => actor.send({ type: 'cancel.confirmed' })} disabled={!canConfirm} loading={attempting}>
              {state === 'failed' ? t('cancel.retry') : t('cancel.confirm')}
            </Button>
          </DialogActions>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// Opened from inside the order drawer, so it sits above the drawer's panel.
const RaisedOverlay = styled(Overlay)`
  z-index: 50;
`;

const Content = styled(DialogPanel)`
  h2 { font-size: 1.2rem; margin: 0 0 ${tokens.space(2)}; }
  > p { margin: 0 0 ${tokens.space(4)}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const OtherReason = styled.div`
  margin-top: ${tokens.space(3)};
`;

const Reasons = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(2)};
  legend { font-weight: 600; margin-bottom: ${tokens.space(2)}; }
  label { display: flex; gap: ${tokens.space(2)}; align-items: center; min-height: 36px; cursor: pointer; }
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;
