import type { Insights } from '../../../adapters/ports';
import { insightsCsv, type InsightsCsvLabels } from '../../../domain/insights';
import { Button } from '../../components/Button';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useT } from '../../i18n/useT';
import { cancelledByLabel, reasonLabel } from './CancellationsChart';
import type { InsightsFormat } from './useInsightsFormat';

/** The figures on screen as a CSV file (domain/insights/insightsCsv.ts), with the page's headings. */
export function InsightsExportButton({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const { saveFile } = useOrdersServices();
  const orders = t('insights.column.orders');
  const exportCsv = () => {
    const labels: InsightsCsvLabels = {
      days: {
        title: t('history.trend.title'), date: t('history.trend.column.date'), orders, delivered: t('history.status.DELIVERED'),
        returned: t('insights.figure.returned'), cancelled: t('history.status.CANCELLED'), inProgress: t('history.trend.in-progress'),
      },
      outlets: {
        title: t('insights.outlets.title'), outlet: t('history.column.outlet'), orders,
        fees: t('insights.outlets.fees'), discounts: t('insights.outlets.discounts'), cashCollected: t('insights.outlets.cash'),
        allOutlets: t('insights.outlets.total'),
      },
      durations: {
        title: t('insights.durations.title'), measure: t('insights.durations.measure'), count: t('insights.durations.count'),
        averageMin: t('insights.csv.average-min'), p90Min: t('insights.csv.p90-min'),
        requestToPickup: t('insights.durations.request-to-pickup'), pickupToDelivery: t('insights.durations.pickup-to-delivery'),
      },
      onTime: { title: t('insights.figure.on-time'), delivered: t('history.status.DELIVERED'), onTime: t('insights.figure.on-time'), ratePercent: t('insights.csv.on-time-percent') },
      cancellations: { title: t('insights.cancellations.title'), reason: t('cancel.reason.label'), cancelledBy: t('insights.cancellations.who'), orders },
      heatMap: { title: t('insights.heat.title'), weekday: t('insights.heat.weekday'), hour: t('insights.heat.hour'), orders },
      reason: (key) => reasonLabel(t, key),
      cancelledBy: (who) => cancelledByLabel(t, who),
      weekday: (index) => format.weekday(index),
    };
    const [from, to] = [insights.days[0]?.date, insights.days.at(-1)?.date];
    saveFile(new Blob([insightsCsv(insights, labels)], { type: 'text/csv;charset=utf-8' }), `insights-${from ?? ''}-${to ?? ''}.csv`);
  };
  return (
    <Button variant="secondary" onClick={exportCsv}>
      {t('insights.export')}
    </Button>
  );
}
