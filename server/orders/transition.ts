import type { Order, OrderStatus, UnixSeconds } from '../../domain/types';
import { proofImage } from './proofs';

/** The order after a move to `status` at `nowUnix`: history entry, timestamp and the proof it produces. */
export function withStatus(order: Order, status: OrderStatus, nowUnix: UnixSeconds): Order {
  const proof = proofImage(status, order.order_id, nowUnix);
  const proofKey = status === 'PICKED_UP' ? 'pickup' : status === 'DELIVERED' ? 'delivery' : 'return';
  return {
    ...order,
    status,
    updated_at: nowUnix,
    status_history: [...order.status_history, { status, created_at: nowUnix }],
    ...(proof ? { proofs: { ...order.proofs, [proofKey]: proof } } : {}),
  };
}
