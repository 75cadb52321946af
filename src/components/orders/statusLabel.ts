import type { OrderStatus } from '../../../domain/types';

/** The catalogue key of a status's label (SPEC §4 labels: Processing, Prepare order, Looking for rider...). */
export function statusLabelKey(status: OrderStatus): string {
  return `order-status.${status}`;
}
