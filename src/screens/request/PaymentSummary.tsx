import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { dualPrice, parseAmount } from '../../../domain';
import { isOn } from '../../app/flags/FlagsContext';
import { Skeleton } from '../../components/Skeleton';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** The delivery fee as soon as both points are known, the voucher's discount and what is due. */
export function PaymentSummary() {
  const t = useT();
  const { actor, locale, currency, countryCode, flags } = useRequestFlow();
  const fee = useSelector(actor, (snapshot) => snapshot.context.fee);
  const discounted = useSelector(actor, (snapshot) => snapshot.context.discountedFee);
  const amountText = useSelector(actor, (snapshot) => snapshot.context.draft.orderAmount);
  const method = useSelector(actor, (snapshot) => snapshot.context.draft.paymentMethod);
  const computing = useRequestTag('checkingDestination');
  const money = (amount: number) => formatMoney(amount, { locale, currency });
  const amount = parseAmount(amountText);

  if (computing) return <Skeleton $height="72px" />;
  if (!fee) return <Muted>{t('request.summary.fee-pending')}</Muted>;
  const due = discounted?.fee ?? fee.fee;
  // The fee due in the country's second currency (SPEC §6 dual pricing); countries without one show nothing.
  const secondPrice = isOn(flags, 'DualPricing') ? dualPrice(due, countryCode) : null;
  return (
    <Lines aria-label={t('request.summary.payment-title')}>
      <Line>
        <dt>{t('request.summary.delivery-fee')}</dt>
        <dd data-testid="delivery-fee">{money(fee.fee)}</dd>
      </Line>
      {discounted && (
        <Line $accent>
          <dt>{t('request.summary.discount')}</dt>
          <dd>−{money(Math.max(0, fee.fee - discounted.fee))}</dd>
        </Line>
      )}
      <Line $strong>
        <dt>{t('request.summary.fee-due')}</dt>
        <dd data-testid="fee-due">{money(due)}</dd>
      </Line>
      {amount !== null && method === 'CASH_ON_DELIVERY' && (
        <Line>
          <dt>{t('request.summary.collect')}</dt>
          <dd>{money(amount)}</dd>
        </Line>
      )}
      {method === 'PAY_AT_PICKUP' && <Note data-testid="pay-at-pickup-note">{t('request.summary.pay-at-pickup')}</Note>}
      {secondPrice && (
        <Note data-testid="fee-due-second-currency">
          {t('request.summary.dual-pricing', { amount: formatMoney(secondPrice.amount, { locale, currency: secondPrice.currency }) })}
        </Note>
      )}
      {isOn(flags, 'IncreasedFeeInfo') && <Note>{t('request.summary.increased-fee')}</Note>}
    </Lines>
  );
}

const Lines = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
`;

const Line = styled.div<{ $strong?: boolean; $accent?: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  font-weight: ${({ $strong }) => ($strong ? 700 : 400)};
  color: ${({ $accent, theme }) => ($accent ? theme.colors.success : 'inherit')};
  ${({ $strong, theme }) => ($strong ? `border-top: 1px solid ${theme.colors.border}; padding-top: ${tokens.space(2)};` : '')}
  dt, dd { margin: 0; }
  dd { font-variant-numeric: tabular-nums; white-space: nowrap; }
`;

const Note = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
