import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { matchesStatusFilter, sortNewestFirst } from '../../../domain/listGroups';
import type { Order } from '../../../domain/types';
import type { LiveUpdateTarget } from '../../../machines/liveOrders';
import type { ordersListMachine } from '../../../machines/ordersList';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { mergeLiveOrders, withLiveUpdate } from '../tracking/mergeLiveOrders';
import { provideHistoryLiveOrders } from './historyMachineProvider';
import { inspectOptions } from '../../app/inspector';

/** The past list's orders with live updates of older orders laid over them, filtered by status
 * (the list API has no status parameter, so the domain's filter rule runs here) and newest first. */
export function useHistoryOrders(list: ActorRefFrom<typeof ordersListMachine>, liveInput: { vendorId: string; isGuest: boolean; timeZone: string; dynamicTimeEstimation: boolean }) {
  const services = useOrdersServices();
  const [live, setLive] = useState<ReadonlyMap<string, Order>>(() => new Map());
  const applyLive = useCallback((order: Order, target: LiveUpdateTarget) => {
    if (target === 'history') setLive((known) => withLiveUpdate(known, order));
  }, []);
  const liveMachine = useMemo(() => provideHistoryLiveOrders(services, applyLive), [services, applyLive]);
  const liveActor = useActorRef(liveMachine, { ...inspectOptions(), input: { ...liveInput, nowUnix: services.clock.nowUnix } });
  const fetched = useSelector(list, (snapshot) => snapshot.context.orders);
  const status = useSelector(list, (snapshot) => snapshot.context.filters.status);
  const orders = useMemo(() => {
    // Only orders the fetch already holds are updated: a live update must not add an order from
    // outside the chosen period.
    const fetchedIds = new Set(fetched.map((order) => order.order_id));
    const known = new Map([...live].filter(([orderId]) => fetchedIds.has(orderId)));
    const now = services.clock.nowUnix();
    return sortNewestFirst(mergeLiveOrders(fetched, known).filter((order) => matchesStatusFilter(order, status, now)));
  }, [fetched, live, status, services.clock]);
  return { orders, liveActor };
}
