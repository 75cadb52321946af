import type { Insights } from '../../../adapters/ports';
import { ChartCard, ChartMessage } from '../../components/charts/ChartCard';
import { useT } from '../../i18n/useT';
import { BarTable } from './BarTable';
import type { InsightsFormat } from './useInsightsFormat';

/** A cancel reason key as the page names it; none given has its own words. */
export const reasonLabel = (t: ReturnType<typeof useT>, reason: string | null) => (reason === null ? t('insights.cancellations.no-reason') : t(reason));
/** Who cancelled (vendor, sender, courier, unknown) as the page names it. */
export const cancelledByLabel = (t: ReturnType<typeof useT>, who: string) =>
  t(`insights.cancelled-by.${['vendor', 'sender', 'courier'].includes(who) ? who : 'unknown'}`);

/** Cancellations of the period by reason and by who cancelled. */
export function CancellationsChart({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const { by_reason: byReason, by_who: byWho } = insights.cancellations;
  return (
    <ChartCard title={t('insights.cancellations.title')} testId="insights-cancellations">
      {byReason.length === 0 ? (
        <ChartMessage>{t('insights.cancellations.none')}</ChartMessage>
      ) : (
        <>
          <BarTable
            caption={t('insights.cancellations.by-reason')}
            labelHeading={t('cancel.reason.label')}
            valueHeading={t('insights.column.orders')}
            rows={byReason.map((row) => ({ key: row.reason ?? 'none', label: reasonLabel(t, row.reason), value: row.orders }))}
            formatValue={format.number}
          />
          <BarTable
            caption={t('insights.cancellations.by-who')}
            labelHeading={t('insights.cancellations.who')}
            valueHeading={t('insights.column.orders')}
            rows={byWho.map((row) => ({ key: row.cancelled_by, label: cancelledByLabel(t, row.cancelled_by), value: row.orders }))}
            formatValue={format.number}
          />
        </>
      )}
    </ChartCard>
  );
}
