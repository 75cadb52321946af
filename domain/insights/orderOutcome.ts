// How an order ended, as the Insights page counts it (orders per day by outcome, returns).
// Unlike the History trend (orderTrend.ts), a return is its own outcome here: the vendor wants to see
// returns, and a returned order was not delivered to the customer.
import { isInStatusGroup } from '../statuses';
import type { OrderStatus } from '../types';

export const ORDER_OUTCOMES = ['delivered', 'returned', 'cancelled', 'in_progress'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

export function orderOutcome(status: OrderStatus): OrderOutcome {
  if (isInStatusGroup(status, 'cancelled')) return 'cancelled';
  if (status === 'DELIVERED') return 'delivered';
  if (status === 'RETURN_INITIATED' || status === 'RETURNED_TO_VENDOR') return 'returned';
  return 'in_progress';
}
