// The orders screens' composition (DESIGN.md "Machines take their effects as actors and actions
// supplied through machine.provide"), one for the tracking and history pages: the orders lists
// (active, past, guest search), live updates, rider polling, cancellation and the export, each given
// the adapters it needs. Views only send events and read snapshots.
import { fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { ExportOrdersBody, ExportResult, LiveChannel } from '../../../adapters/ports';
import type { LiveClientMessage } from '../../../domain/api';
import { readFilters, writeFilters } from '../../../adapters/storage/filtersStorage';
import { readSearchHistory, recordSearchTerm } from '../../../adapters/storage/searchHistoryStorage';
import { dateRangeFor, DateRangeError, datesOfRange, type CustomDates } from '../../../domain/dateRange';
import { GUEST_VENDOR_ID, type Order, type Rider } from '../../../domain/types';
import { exportMachine } from '../../../machines/exportMachine';
import { liveOrdersMachine, type LiveUpdateTarget, type SocketCommand, type SocketEvent, type SocketInput } from '../../../machines/liveOrders';
import { orderCancelMachine, type CancelOrderInput } from '../../../machines/orderCancel';
import { orderDrawerMachine, type FetchOrderInput } from '../../../machines/orderDrawer';
import { DEFAULT_FILTERS, ordersListMachine, type OrderListFilters, type OrdersListInput } from '../../../machines/ordersList';
import { riderPollingMachine, type FetchRiderInput } from '../../../machines/riderPolling';
import type { ToastParams } from '../../../machines/toasts';
import type { OrdersServices } from '../../components/orders/OrdersServicesContext';
import { fetchOrdersActor } from './ordersListActors';

export interface TrackingEffects {
  toast: (params: ToastParams) => void;
}

export type OrdersListActor = ActorRefFrom<typeof ordersListMachine>;

/** Which list a screen shows: today's orders, a vendor's past orders, or a guest's search. */
export type OrdersListKind = 'active' | 'past' | 'guest';

/** The persisted filters as the list's filters; a custom range comes back as its calendar days. */
function restoredFilters(services: OrdersServices, timeZone: string, includeOutlets: boolean): OrderListFilters {
  const stored = readFilters(services.storage);
  if (!stored) return { ...DEFAULT_FILTERS, includeOutlets };
  const { category, from, to } = stored.dateRangeFilter;
  const custom: CustomDates | null = category === 'Custom' ? datesOfRange({ from, to }, timeZone) : null;
  return { category, custom, status: stored.orderStatusFilter, includeOutlets };
}

/** The list's start: today's window (active), the remembered filters (past), every status (a guest
 * searches without filters), and the remembered searches. */
export function ordersListInput(kind: OrdersListKind, services: OrdersServices, vendorId: string, timeZone: string, includeOutlets: boolean): OrdersListInput {
  const filters =
    kind === 'past' ? restoredFilters(services, timeZone, includeOutlets) : kind === 'guest' ? { ...restoredFilters(services, timeZone, false), status: 'ANY' as const } : { ...DEFAULT_FILTERS, includeOutlets };
  return {
    listType: kind === 'active' ? 'Active' : 'Past',
    vendorId,
    timeZone,
    nowUnix: services.clock.nowUnix,
    filters,
    recentSearches: readSearchHistory(services.storage),
  };
}

/** Only the date range, status filter and outlet flags are written to the device (SPEC §3). */
function persistPastFilters(services: OrdersServices, timeZone: string, filters: OrderListFilters): void {
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
}

/** One orders list; searches are remembered on the device (10 terms, SPEC §5). A phone search looks
 * at every day except on the history, whose search stays in the chosen period. */
export function provideOrdersList(kind: OrdersListKind, services: OrdersServices, effects: TrackingEffects, timeZone: string) {
  return ordersListMachine.provide({
    actors: { fetchOrders: fetchOrdersActor(services.api, { searchFromStart: kind !== 'past', nowUnix: services.clock.nowUnix }) },
    actions: {
      toast: (_, params) => effects.toast(params),
      // The tracking list has no date or status filter (the outlet toggle is kept by the vendors
      // machine), and a guest's search has none either.
      persistFilters: (_, { filters }) => (kind === 'past' ? persistPastFilters(services, timeZone, filters) : undefined),
      persistRecentSearches: (_, params) => {
        const newest = params.recentSearches[0];
        if (newest !== undefined) recordSearchTerm(services.storage, newest);
      },
    },
  });
}

/** The vendor's request on the live socket; a guest's list is the guest placeholder's, and the
 * server sends such a socket the guest's own orders only. */
function ordersRequest(vendorId: string): LiveClientMessage {
  return vendorId === GUEST_VENDOR_ID ? { action: 'subscribeToGuest' } : { action: 'subscribeToVendor', vendor_id: vendorId };
}

/** The orders subscription on the tab's shared live socket as the machine's callback actor: relays
 * what the channel tells it, asks for another vendor when told to, and leaves with the machine. */
export function socketActor(live: LiveChannel) {
  return fromCallback<SocketCommand, SocketInput>(({ sendBack, receive, input }) => {
    const subscription = live.subscribe(ordersRequest(input.vendorId), {
      onConnected: () => sendBack({ type: 'socket.opened' } satisfies SocketEvent),
      onMessage: (message) => {
        if (message.type === 'subscribe_ok') sendBack({ type: 'subscribe.ok', vendorId: message.vendor_id } satisfies SocketEvent);
        if (message.type === 'order_update') sendBack({ type: 'order.updated', order: message.order } satisfies SocketEvent);
      },
      onDisconnected: ({ code }) => sendBack({ type: 'socket.closed', code } satisfies SocketEvent),
    });
    receive((command) => subscription.change(ordersRequest(command.vendorId)));
    return () => subscription.close();
  });
}

/**
 * Live updates applied through `onUpdate` (tracking when created today, history before), and the
 * fallback refresh re-fetching what the list holds (today's window, or every loaded page of the
 * history), resolving when it has settled.
 */
export function provideLiveOrders(
  services: OrdersServices,
  list: OrdersListActor,
  onUpdate: (order: Order, target: LiveUpdateTarget) => void,
  endSession: () => void,
) {
  return liveOrdersMachine.provide({
    actors: {
      socket: socketActor(services.live),
      refreshOrders: fromPromise<void, { vendorId: string }>(async () => {
        list.send({ type: 'refresh.requested' });
        const settled = await waitFor(list, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
        if (settled.matches('failed')) throw new Error(settled.context.error?.message ?? 'refresh failed');
      }),
    },
    actions: {
      applyOrderUpdate: (_, params) => onUpdate(params.order, params.target),
      reloadLists: () => list.send({ type: 'refresh.requested' }),
      endSession,
    },
  });
}

/** Rider positions and ETAs from the courier platform, every 2 s while an order needs them. */
export function provideRiderPolling(services: OrdersServices) {
  return riderPollingMachine.provide({
    actors: {
      fetchRider: fromPromise<Rider | null, FetchRiderInput>(({ input }) => services.api.getRider(input.orderId)),
    },
  });
}

/** The tracking page's drawer: an order outside the lists is fetched by id (GET /order). */
export function provideOrderDrawer(services: OrdersServices) {
  return orderDrawerMachine.provide({
    actors: {
      fetchOrder: fromPromise<Order, FetchOrderInput>(({ input }) => services.api.getOrder(input.vendorId, input.orderId)),
    },
  });
}

/** One cancellation: PUT /order/cancel; a success hands the cancelled order to the lists. */
export function provideOrderCancel(services: OrdersServices, effects: TrackingEffects, onCancelled: (order: Order) => void) {
  return orderCancelMachine.provide({
    actors: {
      cancelOrder: fromPromise<void, CancelOrderInput>(async ({ input }) => {
        const cancelled = await services.api.cancelOrder({ vendor_id: input.vendorId, order_id: input.orderId, reason: input.reason });
        onCancelled(cancelled);
      }),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      orderCancelled: () => undefined,
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
