import type { OrderTrend } from '../../../adapters/ports';
import { Button } from '../../components/Button';
import { ChartCard, ChartMessage } from '../../components/charts/ChartCard';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { TrendBars } from './TrendBars';
import { TREND_HEIGHT } from './trendChartLayout';

export type TrendChartStatus = 'loading' | 'shown' | 'empty' | 'failed';

interface Props {
  status: TrendChartStatus;
  trend: OrderTrend | null;
  onRetry: () => void;
}

/** The History's orders-per-day chart in each state of its machine: loading, shown, empty, failed. */
export function OrdersTrendChart({ status, trend, onRetry }: Props) {
  const t = useT();
  return (
    <ChartCard title={t('history.trend.title')} busy={status === 'loading'}>
      {status === 'failed' ? (
        <ChartMessage role="alert">
          <span>{t('history.trend.error')}</span>
          <Button variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>
        </ChartMessage>
      ) : status === 'empty' ? (
        <ChartMessage>{t('history.empty.title')}</ChartMessage>
      ) : status === 'shown' && trend ? (
        <TrendBars trend={trend} />
      ) : (
        <Skeleton $height={`${TREND_HEIGHT + 48}px`} data-testid="orders-trend-loading" />
      )}
    </ChartCard>
  );
}
