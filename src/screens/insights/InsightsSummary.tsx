import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { InsightsFormat } from './useInsightsFormat';

/** The period's headline figures: orders, on time, returns, cancellations and the two delivery times. */
export function InsightsSummary({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const { totals, on_time: onTime, request_to_pickup: toPickup, pickup_to_delivery: toDelivery } = insights;
  const figures = [
    { id: 'orders', label: t('insights.figure.orders'), value: format.number(totals.orders), detail: null },
    {
      id: 'on-time',
      label: t('insights.figure.on-time'),
      value: format.percent(onTime.rate),
      detail: t('insights.figure.on-time.detail', { onTime: format.number(onTime.on_time), delivered: onTime.delivered }),
    },
    { id: 'returned', label: t('insights.figure.returned'), value: format.number(totals.returned), detail: null },
    { id: 'cancelled', label: t('history.status.CANCELLED'), value: format.number(totals.cancelled), detail: null },
    {
      id: 'request-to-pickup',
      label: t('insights.durations.request-to-pickup'),
      value: format.minutes(toPickup.average_s),
      detail: t('insights.durations.p90', { duration: format.minutes(toPickup.p90_s) }),
    },
    {
      id: 'pickup-to-delivery',
      label: t('insights.durations.pickup-to-delivery'),
      value: format.minutes(toDelivery.average_s),
      detail: t('insights.durations.p90', { duration: format.minutes(toDelivery.p90_s) }),
    },
  ];
  return (
    <Tiles aria-label={t('insights.summary')}>
      {figures.map((figure) => (
        <Tile key={figure.id} data-figure={figure.id}>
          <dt>{figure.label}</dt>
          <dd>
            <Value>{figure.value}</Value>
            {figure.detail && <Detail>{figure.detail}</Detail>}
          </dd>
        </Tile>
      ))}
    </Tiles>
  );
}

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${tokens.space(3)};
  margin: 0;
`;

const Tile = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; }
  dd { margin: 0; display: flex; flex-direction: column; gap: ${tokens.space(1)}; }
`;

const Value = styled.span`
  font-size: 1.5rem;
  font-weight: 600;
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;
