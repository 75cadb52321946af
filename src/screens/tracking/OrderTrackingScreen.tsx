import { useParams, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useSession } from '../../app/session/SessionContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { sortNewestFirst } from '../../../domain/listGroups';
import { GUEST_VENDOR_ID, type Order } from '../../../domain/types';
import type { LiveUpdateTarget } from '../../../machines/liveOrders';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Page, PageTitle } from '../../components/Page';
import { OrderDetailDrawer } from '../../components/orders/OrderDetailDrawer';
import { OrderSearch } from '../../components/orders/OrderSearch';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { CancellableOrderDetail } from './CancellableOrderDetail';
import { groupActiveOrders } from './groupActiveOrders';
import { ListsSkeleton } from './ListsSkeleton';
import { LiveStatus } from './LiveStatus';
import { mergeLiveOrders, withLiveUpdate } from './mergeLiveOrders';
import { PaymentOutcomeNotice } from './PaymentOutcomeNotice';
import { TrackingLists } from './TrackingLists';
import {
  activeListInput,
  provideActiveOrdersList,
  provideLiveOrders,
  provideRiderPolling,
  type TrackingEffects,
} from './trackingMachineProvider';
import { inspectOptions } from '../../app/inspector';

/** /order-tracking(/{vendorID}): today's orders by list, live, with the order detail (SPEC §2, §4). */
export function OrderTrackingScreen() {
  const t = useT();
  const session = useSession();
  const { selected } = useVendors();
  const params = useParams({ strict: false });
  const vendorId = session.isGuest ? GUEST_VENDOR_ID : (params.vendorID ?? selected?.vendor_id ?? null);
  return (
    <WidePage>
      <PageTitle>{t('nav.tracking')}</PageTitle>
      <PaymentOutcomeNotice />
      {vendorId ? <TrackingBoard vendorId={vendorId} /> : <ListsSkeleton columns={5} />}
    </WidePage>
  );
}

function TrackingBoard({ vendorId }: { vendorId: string }) {
  const t = useT();
  const services = useOrdersServices();
  const { show } = useToasts();
  const { timeZone } = usePreferences();
  const flags = useFlags();
  const session = useSession();
  const { includeOutlets, showToggleOutlet } = useVendors();
  const search = useSearch({ strict: false });
  const outletsIncluded = showToggleOutlet && includeOutlets;

  const effects = useMemo<TrackingEffects>(() => ({ toast: show }), [show]);
  const listMachine = useMemo(() => provideActiveOrdersList(services, effects), [services, effects]);
  const list = useActorRef(listMachine, { ...inspectOptions(), input: activeListInput(services, vendorId, timeZone, outletsIncluded) });

  // Live updates for today's orders, laid over the fetched list until the next fetch catches up.
  const [live, setLive] = useState<ReadonlyMap<string, Order>>(() => new Map());
  const applyLive = useCallback((order: Order, target: LiveUpdateTarget) => {
    if (target === 'tracking') setLive((known) => withLiveUpdate(known, order));
  }, []);
  const applyCancelled = useCallback((order: Order) => setLive((known) => withLiveUpdate(known, order)), []);
  const liveMachine = useMemo(() => provideLiveOrders(services, list, applyLive), [services, list, applyLive]);
  const liveActor = useActorRef(liveMachine, { ...inspectOptions(),
    input: {
      vendorId,
      isGuest: session.isGuest,
      dynamicTimeEstimation: isOn(flags, 'DynamicTimeEstimation'),
      timeZone,
      nowUnix: services.clock.nowUnix,
    },
  });
  const riderMachine = useMemo(() => provideRiderPolling(services), [services]);
  const riders = useActorRef(riderMachine, inspectOptions());

  // A vendor change or the outlet toggle reach the machines as events (the URL is rewritten by the shell).
  const started = useRef({ vendorId, outletsIncluded });
  useEffect(() => {
    if (started.current.vendorId === vendorId) return;
    started.current.vendorId = vendorId;
    setLive(new Map());
    list.send({ type: 'vendor.changed', vendorId });
    liveActor.send({ type: 'vendor.changed', vendorId });
  }, [vendorId, list, liveActor]);
  useEffect(() => {
    if (started.current.outletsIncluded === outletsIncluded) return;
    started.current.outletsIncluded = outletsIncluded;
    list.send({ type: 'filters.changed', filters: { includeOutlets: outletsIncluded } });
  }, [outletsIncluded, list]);

  const state = useSelector(list, (snapshot) => snapshot.value);
  const fetched = useSelector(list, (snapshot) => snapshot.context.orders);
  const searchKey = useSelector(list, (snapshot) => snapshot.context.searchKey);
  const recentSearches = useSelector(list, (snapshot) => snapshot.context.recentSearches);
  const orders = useMemo(() => mergeLiveOrders(fetched, searchKey === '' ? live : new Map()), [fetched, live, searchKey]);
  const grouped = useMemo(() => (searchKey === '' ? groupActiveOrders(orders, services.clock.nowUnix()) : null), [orders, searchKey, services.clock]);
  const searchResults = useMemo(() => (searchKey === '' ? null : sortNewestFirst(orders)), [orders, searchKey]);

  // query order_id (after a successful order) opens that order.
  const [selectedId, setSelectedId] = useState<string | null>(typeof search.order_id === 'string' ? search.order_id : null);
  const selectedOrder = orders.find((order) => order.order_id === selectedId) ?? null;
  useEffect(() => {
    riders.send({ type: 'orders.observed', orders: selectedOrder ? [selectedOrder] : [] });
  }, [riders, selectedOrder]);
  const rider = useSelector(riders, (snapshot) => (selectedId ? (snapshot.context.riders[selectedId] ?? null) : null));

  const firstLoad = state === 'loading' && fetched.length === 0;
  return (
    <>
      <Toolbar>
        <OrderSearch
          activeTerm={searchKey}
          recentSearches={recentSearches}
          onSearch={(term) => list.send({ type: 'search.submitted', term })}
          onClear={() => list.send({ type: 'search.cleared' })}
        />
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
        <TrackingLists grouped={grouped} searchResults={searchResults} selectedOrderId={selectedId} onSelect={setSelectedId} />
      )}
      <OrderDetailDrawer open={selectedOrder !== null} onClose={() => setSelectedId(null)}>
        {selectedOrder && (
          <CancellableOrderDetail
            key={`${selectedOrder.order_id}:${selectedOrder.status}`}
            order={selectedOrder}
            rider={rider}
            effects={effects}
            onCancelled={applyCancelled}
          />
        )}
      </OrderDetailDrawer>
    </>
  );
}

const WidePage = styled(Page)`
  max-width: 1440px;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};
  > form { flex: 1 1 320px; max-width: 640px; }
`;
