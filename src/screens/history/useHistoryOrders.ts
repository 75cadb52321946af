import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { matchesStatusFilter, sortNewestFirst } from '../../../domain/listGroups';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { mergeLiveOrders } from '../tracking/mergeLiveOrders';
import type { OrdersListActor } from '../tracking/ordersMachineProvider';
import { useLiveOrders } from '../tracking/useLiveOrders';

/** The past list's orders (filtered by status on the server, so paging is right) with live updates
 * of older orders laid over them, newest first. */
export function useHistoryOrders(list: OrdersListActor, vendorId: string) {
  const services = useOrdersServices();
  const { live, liveActor } = useLiveOrders(list, 'history', vendorId);
  const fetched = useSelector(list, (snapshot) => snapshot.context.orders);
  const status = useSelector(list, (snapshot) => snapshot.context.filters.status);
  const orders = useMemo(() => {
    // Only orders the fetch holds are updated, so a live update never adds an order from outside the
    // chosen period; an updated one that has left the status filter since is dropped.
    const fetchedIds = new Set(fetched.map((order) => order.order_id));
    const known = new Map([...live].filter(([orderId]) => fetchedIds.has(orderId)));
    const now = services.clock.nowUnix();
    const merged = mergeLiveOrders(fetched, known).filter((order) => known.get(order.order_id) !== order || matchesStatusFilter(order, status, now));
    return sortNewestFirst(merged);
  }, [fetched, live, status, services.clock]);
  return { orders, liveActor };
}
