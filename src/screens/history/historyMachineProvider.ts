// The history screen's composition: the past-orders list (filters persisted, SPEC §3), live updates
// of older orders, and the export, each given its adapters.
import { fromPromise } from 'xstate';
import type { Order } from '../../../domain/types';
import { liveOrdersMachine, type LiveUpdateTarget } from '../../../machines/liveOrders';
import type { ExportOrdersBody, ExportResult } from '../../../adapters/ports';
import { readFilters, writeFilters } from '../../../adapters/storage/filtersStorage';
import { readSearchHistory, recordSearchTerm } from '../../../adapters/storage/searchHistoryStorage';
import { dateRangeFor, DateRangeError, type CustomDates } from '../../../domain/dateRange';
import { localDateAt } from '../../../domain/zonedTime';
import { DEFAULT_FILTERS, ordersListMachine, type OrderListFilters, type OrdersListInput } from '../../../machines/ordersList';
import type { OrdersServices } from '../../components/orders/OrdersServicesContext';
import { socketActor, type TrackingEffects } from '../tracking/trackingMachineProvider';
import { fetchOrdersActor } from '../tracking/ordersListActors';
import { exportMachine } from './exportMachine';

/** The persisted filters as the list's filters; a custom range comes back as its calendar days. */
function restoredFilters(services: OrdersServices, timeZone: string, includeOutlets: boolean): OrderListFilters {
  const stored = readFilters(services.storage);
  if (!stored) return { ...DEFAULT_FILTERS, includeOutlets };
  const { category, from, to } = stored.dateRangeFilter;
  const custom: CustomDates | null =
    category === 'Custom' ? { startDate: localDateAt(from, timeZone).toString(), endDate: localDateAt(to, timeZone).toString() } : null;
  return { category, custom, status: stored.orderStatusFilter, includeOutlets };
}

export function pastListInput(services: OrdersServices, vendorId: string, timeZone: string, includeOutlets: boolean): OrdersListInput {
  return {
    listType: 'Past',
    vendorId,
    timeZone,
    nowUnix: services.clock.nowUnix,
    filters: restoredFilters(services, timeZone, includeOutlets),
    recentSearches: readSearchHistory(services.storage),
  };
}

/** Past orders; only the date range, status filter and outlet flags are written to the device. */
export function providePastOrdersList(services: OrdersServices, effects: TrackingEffects, timeZone: string) {
  return ordersListMachine.provide({
    actors: { fetchOrders: fetchOrdersActor(services.api, { searchFromStart: false }) },
    actions: {
      toast: (_, params) => effects.toast(params),
      persistFilters: (_, { filters }) => {
        let range = { from: 0, to: 0 };
        try {
          range = dateRangeFor(filters.category, services.clock.nowUnix(), timeZone, filters.custom ?? undefined);
        } catch (error) {
          if (!(error instanceof DateRangeError)) throw error;
        }
        writeFilters(services.storage, {
          dateRangeFilter: { ...range, category: filters.category },
          orderStatusFilter: filters.status,
          // Whether the toggle shows is the vendors' business; it is kept as stored.
          showToggleOutlet: readFilters(services.storage)?.showToggleOutlet ?? false,
          enableToggleOutlet: filters.includeOutlets,
        });
      },
      persistRecentSearches: (_, params) => {
        const newest = params.recentSearches[0];
        if (newest !== undefined) recordSearchTerm(services.storage, newest);
      },
    },
  });
}

/** A guest's history is a search (SPEC §5): by phone number over every day, or by order id. */
export function provideGuestSearchList(services: OrdersServices, effects: TrackingEffects) {
  return ordersListMachine.provide({
    actors: { fetchOrders: fetchOrdersActor(services.api, { searchFromStart: true }) },
    actions: {
      toast: (_, params) => effects.toast(params),
      persistFilters: () => undefined,
      persistRecentSearches: (_, params) => {
        const newest = params.recentSearches[0];
        if (newest !== undefined) recordSearchTerm(services.storage, newest);
      },
    },
  });
}

/** POST /orders/export; a downloaded file is saved by the browser. */
export function provideExport(services: OrdersServices, effects: TrackingEffects) {
  return exportMachine.provide({
    actors: {
      exportOrders: fromPromise<ExportResult, ExportOrdersBody>(({ input }) => services.api.exportOrders(input)),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      saveFile: (_, params) => services.saveFile(params.file, params.fileName),
    },
  });
}

/**
 * Live updates of orders created before today (SPEC §4). The fallback refresh is for the active
 * orders, which this page does not show, so here it has nothing to re-fetch and resolves at once.
 */
export function provideHistoryLiveOrders(services: OrdersServices, onUpdate: (order: Order, target: LiveUpdateTarget) => void) {
  return liveOrdersMachine.provide({
    actors: {
      socket: socketActor(services.live),
      refreshActiveOrders: fromPromise<void, { vendorId: string }>(async () => undefined),
    },
    actions: {
      applyOrderUpdate: (_, params) => onUpdate(params.order, params.target),
    },
  });
}
