// The history status filter (SPEC.md §4: Any, New, Collected, Delivered, Cancelled) on the server,
// shared by GET /vendor/{id}/orders?status= and POST /orders/export. The domain's
// matchesStatusFilter decides every row; a status list in SQL only narrows the rows it looks at.
import { matchesStatusFilter, STATUS_FILTERS, type StatusFilter } from '../../domain';
import { ORDER_STATUSES, type Order, type OrderStatus, type UnixSeconds } from '../../domain/types';

export function isStatusFilter(value: string): value is StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value);
}

/**
 * The three shapes of an order the list-group rule tells apart besides its status: plain, with
 * every status in its history (a DELAYED order that was collected), and a future pre-order.
 * Trying each status in each shape gives the statuses an order passing `filter` can have, from the
 * rule itself rather than from a copy of its tables.
 */
function probes(status: OrderStatus): Order[] {
  const plain: Order = {
    order_id: 'probe', vendor_id: 'probe', created_at: 0, updated_at: 0, status, status_history: [], preordered_for: null,
    customer: { name: '', phone_number: '', location: { address: '', latitude: 0, longitude: 0 } },
    order: { amount: 0, description: '', payment_method: 'CASH_ON_DELIVERY' },
  };
  return [
    plain,
    { ...plain, status_history: ORDER_STATUSES.map((s) => ({ status: s, created_at: 0 })) },
    { ...plain, preordered_for: 1 },
  ];
}

const candidates = new Map<StatusFilter, readonly OrderStatus[]>(
  STATUS_FILTERS.map((filter) => [filter, ORDER_STATUSES.filter((status) => probes(status).some((order) => matchesStatusFilter(order, filter, 0)))]),
);

/** What a list query needs for `filter` at `nowUnix`: nothing for ANY, else a status pre-filter and the rule. */
export function statusFilterQuery(filter: StatusFilter, nowUnix: UnixSeconds): { statuses?: readonly OrderStatus[]; accept?: (order: Order) => boolean } {
  if (filter === 'ANY') return {};
  return { statuses: candidates.get(filter) ?? ORDER_STATUSES, accept: (order) => matchesStatusFilter(order, filter, nowUnix) };
}
