import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { dateRangeFor, DateRangeError } from '../../../domain/dateRange';
import { INSIGHTS_DEFAULT_FILTERS } from '../../../machines/insights';
import type { PeriodFilters } from '../../../machines/periodFigures';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { HistoryFilters } from '../history/HistoryFilters';
import { CancellationsChart } from './CancellationsChart';
import { DropOffMap } from './DropOffMap';
import { HeatMap } from './HeatMap';
import { InsightsExportButton } from './InsightsExportButton';
import { InsightsSummary } from './InsightsSummary';
import { InsightsTrend } from './InsightsTrend';
import { OutletSpendTable } from './OutletSpendTable';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

/** The vendor's Insights: the History's period filter and outlet toggle, then the figures in each state of the page's machine. */
export function InsightsPage({ vendorId }: { vendorId: string }) {
  const t = useT();
  const { clock } = useOrdersServices();
  const timeZone = useVendorTimeZone(vendorId);
  const { includeOutlets, showToggleOutlet } = useVendors();
  const [period, setPeriod] = useState<Pick<PeriodFilters, 'category' | 'custom'>>(INSIGHTS_DEFAULT_FILTERS);
  const filters = useMemo(() => ({ ...period, includeOutlets: showToggleOutlet && includeOutlets }), [period, showToggleOutlet, includeOutlets]);
  const actor = useInsights(vendorId, filters);
  const status = useSelector(actor, (snapshot) => snapshot.value);
  const insights = useSelector(actor, (snapshot) => snapshot.context.figures);

  // The machine keeps the last accepted period; a refused custom range is explained by the filters.
  const rangeError = useMemo(() => {
    try {
      dateRangeFor(filters.category, clock.nowUnix(), timeZone, filters.custom ?? undefined);
      return null;
    } catch (error) {
      if (error instanceof DateRangeError) return error.code;
      throw error;
    }
  }, [filters, clock, timeZone]);

  return (
    <Column>
      <Toolbar>
        <HistoryFilters
          filters={filters}
          rangeError={rangeError}
          onChange={(changed) => setPeriod((current) => ({ category: changed.category ?? current.category, custom: changed.custom === undefined ? current.custom : changed.custom }))}
        />
        {status === 'shown' && insights && <ExportSlot insights={insights} />}
      </Toolbar>
      {status === 'failed' ? (
        <EmptyState
          title={t('insights.error')}
          action={<Button onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>}
        />
      ) : status === 'empty' ? (
        <EmptyState title={t('history.empty.title')} description={t('insights.empty.description')} />
      ) : status === 'shown' && insights ? (
        <InsightsFigures insights={insights} />
      ) : (
        <InsightsSkeleton />
      )}
    </Column>
  );
}

function ExportSlot({ insights }: { insights: Insights }) {
  const format = useInsightsFormat(insights.currency);
  return <InsightsExportButton insights={insights} format={format} />;
}

/** Every figure of a period with orders. */
export function InsightsFigures({ insights }: { insights: Insights }) {
  const format = useInsightsFormat(insights.currency);
  return (
    <>
      <InsightsSummary insights={insights} format={format} />
      <InsightsTrend insights={insights} />
      <Pair>
        <CancellationsChart insights={insights} format={format} />
        <HeatMap insights={insights} format={format} />
      </Pair>
      <OutletSpendTable insights={insights} format={format} />
      <DropOffMap insights={insights} format={format} />
    </>
  );
}

/** The page's shape while the figures load: the tiles, the trend and two cards. */
function InsightsSkeleton() {
  return (
    <Loading data-testid="insights-loading" aria-busy="true">
      <Skeleton $height="88px" />
      <Skeleton $height="200px" />
      <Pair>
        <Skeleton $height="240px" />
        <Skeleton $height="240px" />
      </Pair>
    </Loading>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  min-width: 0;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${tokens.space(3)};
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${tokens.space(4)};
`;

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;
