import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** The payment outcome a provider's page sends the browser back with (`?payment=declined` after a
 * rejected 3-D Secure challenge, server/routes/payment.ts); no parameter, no notice. */
export function paymentOutcomeOf(searchStr: string): 'declined' | null {
  return new URLSearchParams(searchStr).get('payment') === 'declined' ? 'declined' : null;
}

/** Says that no order was placed because the bank did not approve the payment, until dismissed. */
export function PaymentOutcomeNotice() {
  const t = useT();
  // Read from the raw query: the route's search validation only declares order_id.
  const outcome = useRouterState({ select: (state) => paymentOutcomeOf(state.location.searchStr) });
  const [dismissed, setDismissed] = useState(false);
  if (outcome === null || dismissed) return null;
  return (
    <Notice kind="error">
      <Row>
        <span>{t('tracking.payment.declined')}</span>
        <Button variant="secondary" onClick={() => setDismissed(true)}>
          {t('common.close')}
        </Button>
      </Row>
    </Notice>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
`;
