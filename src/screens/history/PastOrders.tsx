import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { inspectOptions } from '../../app/inspector';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { standingOf } from '../../app/vendors/standingOf';
import { useVendors } from '../../app/vendors/VendorsContext';
import { vendorAccess } from '../../../domain/teams';
import { dateRangeFor, DateRangeError } from '../../../domain/dateRange';
import type { OrderListFilters } from '../../../machines/ordersList';
import type { ProofDownloadRequest } from '../../../machines/proofDownload';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { ProofsDownloadButton } from '../../components/orders/ProofsDownloadButton';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { ListSearch } from '../tracking/ListSearch';
import { ListsSkeleton } from '../tracking/ListsSkeleton';
import { provideExport } from '../tracking/ordersMachineProvider';
import { useOrdersList } from '../tracking/useOrdersList';
import { ExportPanel } from './ExportPanel';
import { HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';
import { HistoryTrend } from './HistoryTrend';
import { PastOrderDrawer } from './PastOrderDrawer';
import { useHistoryOrders } from './useHistoryOrders';

/** A vendor's past orders: filters (persisted), search, the virtualised table, paging and export (where the role allows it). */
export function PastOrders({ vendorId }: { vendorId: string }) {
  const t = useT();
  const services = useOrdersServices();
  const timeZone = useVendorTimeZone(vendorId);
  // Exports are for owners and managers (domain/teams); the server refuses anyone else too. Until the
  // vendor list says which the member is, a placeholder holds the place.
  const exportAccess = vendorAccess(standingOf(useVendors(), vendorId), 'exports');
  const { list, effects } = useOrdersList('past', vendorId);
  const exportActor = useActorRef(useMemo(() => provideExport(services, effects), [services, effects]), inspectOptions());
  const { orders } = useHistoryOrders(list, vendorId);

  const state = useSelector(list, (snapshot) => snapshot.value);
  const filters = useSelector(list, (snapshot) => snapshot.context.filters);
  const rangeError = useSelector(list, (snapshot) => snapshot.context.rangeError);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'more.requested' }));
  const loadingMore = state === 'loadingMore';
  const onFiltersChange = useCallback((changed: Partial<OrderListFilters>) => list.send({ type: 'filters.changed', filters: changed }), [list]);

  const exportRequest = useMemo(() => {
    try {
      const { from, to } = dateRangeFor(filters.category, services.clock.nowUnix(), timeZone, filters.custom ?? undefined);
      return { vendor_id: vendorId, from, to, status: filters.status, include_outlets: filters.includeOutlets };
    } catch (error) {
      if (error instanceof DateRangeError) return null;
      throw error;
    }
  }, [filters, services.clock, timeZone, vendorId]);

  // The proof archive of the same period and outlet toggle (the status filter does not apply to proofs).
  const proofsRequest = useMemo<ProofDownloadRequest | null>(
    () => exportRequest && { kind: 'period', body: { vendor_id: vendorId, from: exportRequest.from, to: exportRequest.to, include_outlets: exportRequest.include_outlets } },
    [exportRequest, vendorId],
  );

  const [openId, setOpenId] = useState<string | null>(null);
  const openOrder = orders.find((order) => order.order_id === openId) ?? null;

  return (
    <Column>
      <HistoryFilters filters={filters} rangeError={rangeError} onChange={onFiltersChange} />
      <Toolbar>
        <ListSearch list={list} />
        {exportAccess === 'allowed' && (
          <Exports>
            <ExportPanel actor={exportActor} request={exportRequest} canEmail />
            <ProofsDownloadButton request={proofsRequest} label={t('history.export.proofs')} />
          </Exports>
        )}
        {exportAccess === 'pending' && (
          <Exports aria-busy="true" data-testid="exports-pending">
            <Skeleton $width="240px" $height="44px" />
          </Exports>
        )}
      </Toolbar>
      <HistoryTrend list={list} vendorId={vendorId} />
      {state === 'failed' ? (
        <EmptyState
          title={t('history.error.title')}
          description={t('error.cant-retrieve-past-orders', { message: '' })}
          action={<Button onClick={() => list.send({ type: 'refresh.requested' })}>{t('common.retry')}</Button>}
        />
      ) : state === 'loading' ? (
        <ListsSkeleton columns={1} />
      ) : orders.length === 0 && !canLoadMore ? (
        <EmptyState title={t('history.empty.title')} description={t('history.empty.description')} />
      ) : (
        <>
          <Count role="status">{t('history.count', { count: orders.length })}</Count>
          <HistoryTable orders={orders} onOpen={setOpenId} />
        </>
      )}
      {(canLoadMore || loadingMore) && (
        <Button variant="secondary" onClick={() => list.send({ type: 'more.requested' })} loading={loadingMore} disabled={!canLoadMore}>
          {t('history.load-more')}
        </Button>
      )}
      <PastOrderDrawer order={openOrder} onClose={() => setOpenId(null)} />
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  > button { align-self: center; }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  > form { flex: 1 1 320px; max-width: 560px; }
`;

const Exports = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)};
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;
