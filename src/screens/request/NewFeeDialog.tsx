import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { signatureRetryMachine } from '../../../machines';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';

type SignatureRetryActor = ActorRefFrom<typeof signatureRetryMachine>;

/** A machine that renews fee signatures with signatureRetry and takes the user's answer. */
export type FeeRenewingActor = AnyActorRef & { send: (event: { type: 'fee.accepted' | 'fee.rejected' }) => void };

/** SPEC §4 signature handling: the fee signature expired on a request (order, payment intent,
 * voucher) and the fee came back different. `owner` runs the renewal; the request flow by default. */
export function NewFeeDialog({ owner }: { owner?: FeeRenewingActor }) {
  const { actor: request } = useRequestFlow();
  const actor = owner ?? request;
  const retry = useSelector(actor, (snapshot: AnyMachineSnapshot) => (snapshot.children as { signatureRetry?: SignatureRetryActor }).signatureRetry ?? null);
  return retry ? <NewFeeConfirm retry={retry} actor={actor} /> : null;
}

function NewFeeConfirm({ retry, actor }: { retry: SignatureRetryActor; actor: FeeRenewingActor }) {
  const t = useT();
  const { locale, currency } = useRequestFlow();
  const confirming = useSelector(retry, (snapshot) => snapshot.matches('confirmingNewFee'));
  const newFee = useSelector(retry, (snapshot) => snapshot.context.newFee);
  return (
    <ConfirmDialog
      open={confirming}
      title={t('error.fee.changed')}
      description={newFee ? t('request.fee-changed.description', { fee: formatMoney(newFee.fee, { locale, currency }) }) : undefined}
      cancelLabel={t('common.cancel')}
      submitLabel={t('request.fee-changed.accept')}
      onCancel={() => actor.send({ type: 'fee.rejected' })}
      onSubmit={() => actor.send({ type: 'fee.accepted' })}
    />
  );
}

/** The same question while a voucher check renews the fee it discounts (SPEC §4). */
export function VoucherNewFeeDialog() {
  const { actor } = useRequestFlow();
  const check = useSelector(actor, (snapshot) => snapshot.children.voucherCheck ?? null);
  return check ? <NewFeeDialog owner={check} /> : null;
}
