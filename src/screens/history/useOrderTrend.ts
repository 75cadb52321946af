import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../adapters/ports';
import { orderTrendMachine, type FetchTrendInput } from '../../../machines/orderTrend';
import { inspectOptions } from '../../app/inspector';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import type { OrdersListActor } from '../tracking/ordersMachineProvider';

/** The chart's machine with its one effect: the trend call of the API. */
export function provideOrderTrend(api: ApiClient) {
  return orderTrendMachine.provide({
    actors: { fetchFigures: fromPromise<Awaited<ReturnType<ApiClient['getOrderTrend']>>, FetchTrendInput>(({ input }) => api.getOrderTrend(input.vendorId, input.query)) },
  });
}

/**
 * The orders-per-day chart's actor, following the past list's filters: the list machine owns the
 * period and the include-outlets toggle, and each accepted change is forwarded here as an event.
 */
export function useOrderTrend(list: OrdersListActor, vendorId: string) {
  const services = useOrdersServices();
  const timeZone = useVendorTimeZone(vendorId);
  const filters = useSelector(list, (snapshot) => snapshot.context.filters);
  const machine = useMemo(() => provideOrderTrend(services.api), [services.api]);
  const trend = useActorRef(machine, { ...inspectOptions(), input: { vendorId, timeZone, nowUnix: () => services.clock.nowUnix(), filters } });
  const { category, custom, includeOutlets } = filters;
  // The machine ignores the filters it already has, so these may fire on every render that changes them.
  useEffect(() => trend.send({ type: 'filters.changed', filters: { category, custom, includeOutlets } }), [trend, category, custom, includeOutlets]);
  useEffect(() => trend.send({ type: 'vendor.changed', vendorId }), [trend, vendorId]);
  return trend;
}
