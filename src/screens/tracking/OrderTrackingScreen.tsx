import { useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { inspectOptions } from '../../app/inspector';
import { sortNewestFirst } from '../../../domain/listGroups';
import type { Order } from '../../../domain/types';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { OrderDetailDrawer } from '../../components/orders/OrderDetailDrawer';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { CancellableOrderDetail } from './CancellableOrderDetail';
import { groupActiveOrders } from './groupActiveOrders';
import { ListSearch } from './ListSearch';
import { ListsSkeleton } from './ListsSkeleton';
import { LiveStatus } from './LiveStatus';
import { mergeLiveOrders } from './mergeLiveOrders';
import { OrderLookupState } from './OrderLookupState';
import { provideOrderDrawer, provideRiderPolling } from './ordersMachineProvider';
import { PaymentOutcomeNotice } from './PaymentOutcomeNotice';
import { TrackingLists } from './TrackingLists';
import { useLiveOrders } from './useLiveOrders';
import { useOrdersList } from './useOrdersList';
import { VendorOrdersPage } from './VendorOrdersPage';

/** /order-tracking(/{vendorID}): today's orders by list, live, with the order detail (SPEC §2, §4). */
export function OrderTrackingScreen() {
  return (
    <VendorOrdersPage titleKey="nav.tracking" notice={<PaymentOutcomeNotice />} skeletonColumns={5}>
      {(vendorId) => <TrackingBoard vendorId={vendorId} />}
    </VendorOrdersPage>
  );
}

function TrackingBoard({ vendorId }: { vendorId: string }) {
  const t = useT();
  const services = useOrdersServices();
  const search = useSearch({ strict: false });
  const { list, effects } = useOrdersList('active', vendorId);
  // query order_id (after a request, or a recurring run's link) opens that order: from the lists, or
  // fetched by id when they do not hold it (an order of an earlier day).
  const drawerMachine = useMemo(() => provideOrderDrawer(services), [services]);
  const drawer = useActorRef(drawerMachine, {
    ...inspectOptions(),
    input: { vendorId, orderId: typeof search.order_id === 'string' ? search.order_id : null },
  });
  const followFetchedOrder = useCallback((order: Order) => drawer.send({ type: 'order.changed', order }), [drawer]);
  // Live updates of today's orders, laid over the fetched list until the next fetch catches up.
  const { live, liveActor, applyLocal } = useLiveOrders(list, 'tracking', vendorId, followFetchedOrder);
  const onCancelled = useCallback((order: Order) => {
    applyLocal(order);
    followFetchedOrder(order);
  }, [applyLocal, followFetchedOrder]);
  const riderMachine = useMemo(() => provideRiderPolling(services), [services]);
  const riders = useActorRef(riderMachine, inspectOptions());

  const state = useSelector(list, (snapshot) => snapshot.value);
  const fetched = useSelector(list, (snapshot) => snapshot.context.orders);
  const searchKey = useSelector(list, (snapshot) => snapshot.context.searchKey);
  const orders = useMemo(() => mergeLiveOrders(fetched, searchKey === '' ? live : new Map()), [fetched, live, searchKey]);
  const grouped = useMemo(() => (searchKey === '' ? groupActiveOrders(orders, services.clock.nowUnix()) : null), [orders, searchKey, services.clock]);
  const searchResults = useMemo(() => (searchKey === '' ? null : sortNewestFirst(orders)), [orders, searchKey]);

  // Today's orders and then the pre-orders of earlier days arrive before the lists first show.
  const firstLoad = (state === 'loading' || state === 'loadingScheduled') && fetched.length === 0;

  useEffect(() => {
    if (drawer.getSnapshot().context.vendorId !== vendorId) drawer.send({ type: 'vendor.changed', vendorId });
  }, [drawer, vendorId]);
  useEffect(() => {
    if (!firstLoad) drawer.send({ type: 'lists.loaded', orderIds: orders.map((order) => order.order_id) });
  }, [drawer, firstLoad, orders]);
  const selectedId = useSelector(drawer, (snapshot) => snapshot.context.orderId);
  const fetchedOrder = useSelector(drawer, (snapshot) => snapshot.context.fetched);
  // The lists' copy carries their live updates; a fetched order follows its own (followFetchedOrder).
  const selectedOrder = orders.find((order) => order.order_id === selectedId) ?? (fetchedOrder?.order_id === selectedId ? fetchedOrder : null);
  useEffect(() => {
    riders.send({ type: 'orders.observed', orders: selectedOrder ? [selectedOrder] : [] });
  }, [riders, selectedOrder]);
  const rider = useSelector(riders, (snapshot) => (selectedId ? (snapshot.context.riders[selectedId] ?? null) : null));

  return (
    <>
      <Toolbar>
        <ListSearch list={list} />
        <LiveStatus actor={liveActor} />
      </Toolbar>
      {state === 'failed' ? (
        <EmptyState
          title={t('tracking.error.title')}
          description={t('error.cant-retrieve-current-orders', { message: '' })}
          action={<Button onClick={() => list.send({ type: 'refresh.requested' })}>{t('common.retry')}</Button>}
        />
      ) : firstLoad ? (
        <ListsSkeleton columns={searchKey === '' ? 5 : 1} />
      ) : (
        <TrackingLists grouped={grouped} searchResults={searchResults} selectedOrderId={selectedId} onSelect={(orderId) => drawer.send({ type: 'order.selected', orderId })} />
      )}
      <OrderDetailDrawer open={selectedId !== null} onClose={() => drawer.send({ type: 'drawer.closed' })}>
        {selectedOrder ? (
          <CancellableOrderDetail
            key={selectedOrder.order_id}
            order={selectedOrder}
            rider={rider}
            effects={effects}
            onCancelled={onCancelled}
          />
        ) : (
          <OrderLookupState drawer={drawer} />
        )}
      </OrderDetailDrawer>
    </>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};
  > form { flex: 1 1 320px; max-width: 640px; }
`;
