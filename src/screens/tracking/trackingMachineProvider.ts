// The tracking screen's composition (DESIGN.md "Machines take their effects as actors and actions
// supplied through machine.provide"): the active-orders list, live updates, rider polling and
// cancellation, each given the adapters it needs. Views only send events and read snapshots.
import { fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { LiveConnection, LiveSocket } from '../../../adapters/ports';
import { readSearchHistory, recordSearchTerm } from '../../../adapters/storage/searchHistoryStorage';
import type { Order, Rider } from '../../../domain/types';
import { liveOrdersMachine, type LiveUpdateTarget, type SocketCommand, type SocketEvent } from '../../../machines/liveOrders';
import { orderCancelMachine, type CancelOrderInput } from '../../../machines/orderCancel';
import { DEFAULT_FILTERS, ordersListMachine, type OrdersListInput } from '../../../machines/ordersList';
import { riderPollingMachine, type FetchRiderInput } from '../../../machines/riderPolling';
import type { ToastParams } from '../../../machines/toasts';
import type { OrdersServices } from '../../components/orders/OrdersServicesContext';
import { fetchOrdersActor } from './ordersListActors';

export interface TrackingEffects {
  toast: (params: ToastParams) => void;
}

export type OrdersListActor = ActorRefFrom<typeof ordersListMachine>;

/** The active list's start: today's orders in the country's zone, the remembered searches. */
export function activeListInput(services: OrdersServices, vendorId: string, timeZone: string, includeOutlets: boolean): OrdersListInput {
  return {
    listType: 'Active',
    vendorId,
    timeZone,
    nowUnix: services.clock.nowUnix,
    filters: { ...DEFAULT_FILTERS, includeOutlets },
    recentSearches: readSearchHistory(services.storage),
  };
}

/** Today's orders (Active); searches are remembered on the device (10 terms, SPEC §5). */
export function provideActiveOrdersList(services: OrdersServices, effects: TrackingEffects) {
  return ordersListMachine.provide({
    actors: { fetchOrders: fetchOrdersActor(services.api, { searchFromStart: true }) },
    actions: {
      toast: (_, params) => effects.toast(params),
      // The tracking list has no date or status filter; the outlet toggle is kept by the vendors machine.
      persistFilters: () => undefined,
      persistRecentSearches: (_, params) => {
        const newest = params.recentSearches[0];
        if (newest !== undefined) recordSearchTerm(services.storage, newest);
      },
    },
  });
}

/** The live socket as the machine's callback actor: relays socket events, takes subscribe commands,
 * and closes when the machine leaves the state that owns it. */
export function socketActor(live: LiveSocket) {
  return fromCallback<SocketCommand, void>(({ sendBack, receive }) => {
    const connection: LiveConnection = live.open({
      onOpen: () => sendBack({ type: 'socket.opened' } satisfies SocketEvent),
      onMessage: (message) => {
        if (message.type === 'subscribe_ok') sendBack({ type: 'subscribe.ok', vendorId: message.vendor_id } satisfies SocketEvent);
        if (message.type === 'order_update') sendBack({ type: 'order.updated', order: message.order } satisfies SocketEvent);
      },
      onClose: () => sendBack({ type: 'socket.closed' } satisfies SocketEvent),
    });
    receive((command) => connection.send({ action: 'subscribeToVendor', vendor_id: command.vendorId }));
    return () => connection.close();
  });
}

/**
 * Live updates applied through `onUpdate` (tracking when created today, history before), and the
 * fallback refresh re-fetching the list and resolving when it has settled.
 */
export function provideLiveOrders(
  services: OrdersServices,
  list: OrdersListActor,
  onUpdate: (order: Order, target: LiveUpdateTarget) => void,
) {
  return liveOrdersMachine.provide({
    actors: {
      socket: socketActor(services.live),
      refreshActiveOrders: fromPromise<void, { vendorId: string }>(async () => {
        list.send({ type: 'refresh.requested' });
        const settled = await waitFor(list, (snapshot) => !snapshot.matches('loading'));
        if (settled.matches('failed')) throw new Error(settled.context.error?.message ?? 'refresh failed');
      }),
    },
    actions: {
      applyOrderUpdate: (_, params) => onUpdate(params.order, params.target),
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
