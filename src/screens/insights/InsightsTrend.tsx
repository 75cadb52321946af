import { useMemo } from 'react';
import type { Insights, OrderTrend } from '../../../adapters/ports';
import { ChartCard } from '../../components/charts/ChartCard';
import { useT } from '../../i18n/useT';
import { TrendBars } from '../history/TrendBars';

/**
 * Orders per day by outcome: the History's trend chart over the insights' days. Returned orders
 * count as delivered there, as the History's Delivered filter shows them; the summary counts them apart.
 */
export function InsightsTrend({ insights }: { insights: Insights }) {
  const t = useT();
  const trend = useMemo<OrderTrend>(
    () => ({
      timeZone: insights.time_zone,
      days: insights.days.map((day) => ({ date: day.date, delivered: day.delivered + day.returned, cancelled: day.cancelled, inProgress: day.in_progress, total: day.orders })),
    }),
    [insights],
  );
  return (
    <ChartCard title={t('history.trend.title')} testId="insights-trend">
      <TrendBars trend={trend} />
    </ChartCard>
  );
}
