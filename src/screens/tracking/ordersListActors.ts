// The ordersList machine's fetch over the HTTP API, shared by the tracking and history screens.
import { fromPromise } from 'xstate';
import type { ApiClient, OrderListQuery as WireQuery } from '../../../adapters/ports';
import { isDirectOrderLookup } from '../../../domain/search';
import type { FetchOrdersOutput, OrderListRequest } from '../../../machines/ordersList';

/** Only the fields the API knows, without nulls (ofetch would send them as text). */
function wireQuery(query: OrderListRequest, searchFromStart: (() => number) | null): WireQuery {
  const wire: WireQuery = { from: query.from, to: query.to, count: query.count, include_outlets: query.include_outlets };
  if (query.pagination_key) wire.pagination_key = query.pagination_key;
  // The server filters, so every page is full and paging stays right; ANY is its default.
  if (query.status !== 'ANY') wire.status = query.status;
  if (query.scheduled !== null) wire.scheduled = query.scheduled;
  if (query.customer_phone_number) {
    wire.customer_phone_number = query.customer_phone_number;
    // A search looks for the customer's orders of any day up to now, not only the list's window
    // (a guest's list window ends yesterday, and the order placed an hour ago is the one looked for).
    if (searchFromStart) {
      wire.from = 0;
      wire.to = Math.max(query.to, searchFromStart());
    }
  }
  return wire;
}

/**
 * GET /vendor/{id}/orders, or, when the search term is an order id of this vendor (it starts with the
 * vendor id, SPEC §5), GET /order for that one order.
 */
export function fetchOrdersActor(api: ApiClient, options: { searchFromStart: boolean; nowUnix: () => number }) {
  return fromPromise<FetchOrdersOutput, { vendorId: string; query: OrderListRequest }>(async ({ input }) => {
    const term = input.query.customer_phone_number;
    if (term && isDirectOrderLookup(term, input.vendorId)) {
      const order = await api.getOrder(input.vendorId, term);
      return { orders: [order], paginationKey: null };
    }
    const page = await api.listOrders(input.vendorId, wireQuery(input.query, options.searchFromStart ? options.nowUnix : null));
    return { orders: page.data, paginationKey: page.pagination_key };
  });
}
