import { proofKindOfStatus } from '../../domain';
import type { HandedInProof } from '../../domain/api/operations';
import type { Order, OrderStatus, UnixSeconds } from '../../domain/types';
import { proofImage, signatureImage } from './proofs';

/**
 * The order's proofs after the rider hands in the one of `status`: the platform's own (`handedIn`),
 * else the simulator's photo, and on delivery the recipient's signature and name.
 */
function withProof(order: Order, status: OrderStatus, nowUnix: UnixSeconds, handedIn?: HandedInProof): Order['proofs'] {
  const kind = proofKindOfStatus(status);
  if (kind !== null && handedIn !== undefined) {
    return {
      ...order.proofs,
      [kind]: handedIn.photo,
      ...(handedIn.signature !== undefined ? { signatures: { ...order.proofs?.signatures, [kind]: handedIn.signature } } : {}),
      ...(handedIn.received_by !== undefined ? { received_by: { ...order.proofs?.received_by, [kind]: handedIn.received_by } } : {}),
    };
  }
  const photo = proofImage(status, order.order_id, nowUnix);
  if (kind === null || photo === null) return order.proofs;
  const proofs = { ...order.proofs, [kind]: photo };
  if (kind !== 'delivery') return proofs;
  const receiver = order.customer.name;
  return {
    ...proofs,
    signatures: { ...order.proofs?.signatures, delivery: signatureImage(receiver) },
    received_by: { ...order.proofs?.received_by, delivery: receiver },
  };
}

/** The order after a move to `status` at `nowUnix`: history entry, timestamp and the proof it produces (or the one handed in). */
export function withStatus(order: Order, status: OrderStatus, nowUnix: UnixSeconds, handedIn?: HandedInProof): Order {
  const proofs = withProof(order, status, nowUnix, handedIn);
  return {
    ...order,
    status,
    updated_at: nowUnix,
    status_history: [...order.status_history, { status, created_at: nowUnix }],
    ...(proofs !== undefined ? { proofs } : {}),
  };
}
