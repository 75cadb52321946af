import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { dateRangeFor, DateRangeError } from '../../../domain/dateRange';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { OrderDetail } from '../../components/orders/OrderDetail';
import { OrderDetailDrawer } from '../../components/orders/OrderDetailDrawer';
import { OrderSearch } from '../../components/orders/OrderSearch';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useOrderDetailFlags } from '../../components/orders/useOrderDetailFlags';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { ListsSkeleton } from '../tracking/ListsSkeleton';
import type { TrackingEffects } from '../tracking/trackingMachineProvider';
import { ExportPanel } from './ExportPanel';
import { HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';
import { pastListInput, provideExport, providePastOrdersList } from './historyMachineProvider';
import { useHistoryOrders } from './useHistoryOrders';
import { inspectOptions } from '../../app/inspector';

/** A vendor's past orders: filters (persisted), search, the virtualised table, paging and export. */
export function PastOrders({ vendorId }: { vendorId: string }) {
  const t = useT();
  const services = useOrdersServices();
  const { show } = useToasts();
  const { timeZone } = usePreferences();
  const flags = useFlags();
  const detailFlags = useOrderDetailFlags();
  const { includeOutlets, showToggleOutlet } = useVendors();
  const outletsIncluded = showToggleOutlet && includeOutlets;

  const effects = useMemo<TrackingEffects>(() => ({ toast: show }), [show]);
  const listMachine = useMemo(() => providePastOrdersList(services, effects, timeZone), [services, effects, timeZone]);
  const list = useActorRef(listMachine, { ...inspectOptions(), input: pastListInput(services, vendorId, timeZone, outletsIncluded) });
  const exportActor = useActorRef(useMemo(() => provideExport(services, effects), [services, effects]), inspectOptions());
  const { orders } = useHistoryOrders(list, { vendorId, isGuest: false, timeZone, dynamicTimeEstimation: isOn(flags, 'DynamicTimeEstimation') });

  const appliedOutlets = useRef(outletsIncluded);
  useEffect(() => {
    if (appliedOutlets.current === outletsIncluded) return;
    appliedOutlets.current = outletsIncluded;
    list.send({ type: 'filters.changed', filters: { includeOutlets: outletsIncluded } });
  }, [outletsIncluded, list]);

  const state = useSelector(list, (snapshot) => snapshot.value);
  const filters = useSelector(list, (snapshot) => snapshot.context.filters);
  const rangeError = useSelector(list, (snapshot) => snapshot.context.rangeError);
  const searchKey = useSelector(list, (snapshot) => snapshot.context.searchKey);
  const recentSearches = useSelector(list, (snapshot) => snapshot.context.recentSearches);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'more.requested' }));
  const loadingMore = state === 'loadingMore';

  const exportRequest = useMemo(() => {
    try {
      const { from, to } = dateRangeFor(filters.category, services.clock.nowUnix(), timeZone, filters.custom ?? undefined);
      return { vendor_id: vendorId, from, to, status: filters.status, include_outlets: filters.includeOutlets };
    } catch (error) {
      if (error instanceof DateRangeError) return null;
      throw error;
    }
  }, [filters, services.clock, timeZone, vendorId]);

  const [openId, setOpenId] = useState<string | null>(null);
  const openOrder = orders.find((order) => order.order_id === openId) ?? null;

  return (
    <Column>
      <HistoryFilters filters={filters} rangeError={rangeError} onChange={(changed) => list.send({ type: 'filters.changed', filters: changed })} />
      <Toolbar>
        <OrderSearch
          activeTerm={searchKey}
          recentSearches={recentSearches}
          onSearch={(term) => list.send({ type: 'search.submitted', term })}
          onClear={() => list.send({ type: 'search.cleared' })}
        />
        <ExportPanel actor={exportActor} request={exportRequest} canEmail />
      </Toolbar>
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
      <OrderDetailDrawer open={openOrder !== null} onClose={() => setOpenId(null)}>
        {openOrder && <OrderDetail order={openOrder} rider={null} flags={detailFlags} />}
      </OrderDetailDrawer>
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

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;
