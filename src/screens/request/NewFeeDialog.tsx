import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { signatureRetryMachine } from '../../../machines';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';

type SignatureRetryActor = ActorRefFrom<typeof signatureRetryMachine>;

/** SPEC §4 signature handling: the fee expired during the submit and came back different. */
export function NewFeeDialog() {
  const { actor } = useRequestFlow();
  const retry = useSelector(actor, (snapshot) => (snapshot.children as { signatureRetry?: SignatureRetryActor }).signatureRetry ?? null);
  return retry ? <NewFeeConfirm retry={retry} /> : null;
}

function NewFeeConfirm({ retry }: { retry: SignatureRetryActor }) {
  const t = useT();
  const { actor, locale, currency } = useRequestFlow();
  const confirming = useSelector(retry, (snapshot) => snapshot.matches('confirmingNewFee'));
  const newFee = useSelector(retry, (snapshot) => snapshot.context.newFee);
  return (
    <ConfirmDialog
      open={confirming}
      title={t('error.fee.changed')}
      description={newFee ? t('request.fee-changed.description', { fee: formatMoney(newFee.amount, { locale, currency }) }) : undefined}
      cancelLabel={t('common.cancel')}
      submitLabel={t('request.fee-changed.accept')}
      onCancel={() => actor.send({ type: 'fee.rejected' })}
      onSubmit={() => actor.send({ type: 'fee.accepted' })}
    />
  );
}
