import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** The flow's next move: continue to payment, place the order, or try again after a failure.
 * Online payment has its own button in the card form. */
export function RequestActions() {
  const t = useT();
  const { actor, isGuest } = useRequestFlow();
  const onDetailsStep = useRequestTag('details');
  const paymentShown = useRequestTag('paymentShown');
  const submitting = useRequestTag('submitting');
  const submitFailed = useRequestTag('submitFailed');
  const method = useSelector(actor, (snapshot) => snapshot.context.draft.paymentMethod);
  const updating = useSelector(actor, (snapshot) => snapshot.context.orderId !== null);
  const canContinue = useSelector(actor, (snapshot) => snapshot.can({ type: 'details.submitted' }));
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'order.submitted' }));
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'back' }));

  const back = canGoBack && (onDetailsStep || (paymentShown && !submitting)) && (
    <Button variant="ghost" onClick={() => actor.send({ type: 'back' })}>
      {t('request.action.back')}
    </Button>
  );

  if (onDetailsStep) {
    return (
      <Row>
        {back}
        <Button fullWidth disabled={!canContinue} onClick={() => actor.send({ type: 'details.submitted' })}>
          {t('request.action.continue')}
        </Button>
      </Row>
    );
  }
  if (paymentShown && method !== 'ONLINE_PAYMENT') {
    return (
      <Row>
        {back}
        <Button
          fullWidth
          loading={submitting}
          disabled={!canSubmit}
          onClick={() => actor.send({ type: 'order.submitted' })}
        >
          {submitFailed ? t('request.action.retry') : updating ? t('request.action.update') : t(isGuest ? 'request.action.submit-guest' : 'request.action.submit')}
        </Button>
      </Row>
    );
  }
  return null;
}

const Row = styled.div`
  display: flex;
  gap: ${tokens.space(2)};
`;
