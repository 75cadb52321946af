import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { OrderSummary } from './OrderSummary';
import { PaymentSummary } from './PaymentSummary';
import { RequestActions } from './RequestActions';

/** The order and payment summaries beside the form (below it on small screens), with the next step. */
export function RequestSummary() {
  const t = useT();
  return (
    <Aside aria-labelledby="request-summary-title">
      <h2 id="request-summary-title">{t('request.summary.title')}</h2>
      <OrderSummary />
      <Divider />
      <h3>{t('request.summary.payment-title')}</h3>
      <PaymentSummary />
      <RequestActions />
    </Aside>
  );
}

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(5)} ${tokens.space(6)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${tokens.shadow.card};
  @media (min-width: ${tokens.desktop}) { position: sticky; top: ${tokens.space(4)}; }
  h2 { margin: 0; font-size: 1.1rem; }
  h3 { margin: 0; font-size: 1rem; }
`;

const Divider = styled.hr`
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin: 0;
`;
