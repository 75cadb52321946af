import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, Insights } from '../../../adapters/ports';
import { insightsMachine, type FetchInsightsInput, type InsightsFilters } from '../../../machines/insights';
import { inspectOptions } from '../../app/inspector';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The page's machine with its one effect: the insights call of the API. */
export function provideInsights(api: ApiClient) {
  return insightsMachine.provide({
    actors: { fetchFigures: fromPromise<Insights, FetchInsightsInput>(({ input }) => api.getInsights(input.vendorId, input.query)) },
  });
}

/** The Insights page's actor: the page owns the filters and forwards each change as an event. */
export function useInsights(vendorId: string, filters: InsightsFilters) {
  const services = useOrdersServices();
  const timeZone = useVendorTimeZone(vendorId);
  const machine = useMemo(() => provideInsights(services.api), [services.api]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId, timeZone, nowUnix: () => services.clock.nowUnix(), filters } });
  const { category, custom, includeOutlets } = filters;
  // The machine ignores the filters it already has, so these may fire on every render that changes them.
  useEffect(() => actor.send({ type: 'filters.changed', filters: { category, custom, includeOutlets } }), [actor, category, custom, includeOutlets]);
  useEffect(() => actor.send({ type: 'vendor.changed', vendorId }), [actor, vendorId]);
  return actor;
}

export type InsightsActor = ReturnType<typeof useInsights>;
