// Which webhook events one entry of an order's status history stands for (issue #25): the first
// entry is the order's creation; every later one is a status change, and also a cancellation
// (CANCELLED), a rider assigned (ASSIGNED_TO_TRANSPORT, when the courier platform names a rider) or a
// proof available (the courier hands in a proof photo with PICKED_UP, DELIVERED and RETURNED_TO_VENDOR).
import type { ProofKind, WebhookEventType } from './api/webhooks';
import type { Order, OrderStatus } from './types';

const PROOF_OF_STATUS: Partial<Record<OrderStatus, ProofKind>> = { PICKED_UP: 'pickup', DELIVERED: 'delivery', RETURNED_TO_VENDOR: 'return' };

/** The proof the courier hands in on reaching `status`, if any. */
export function proofKindOfStatus(status: OrderStatus): ProofKind | null {
  return PROOF_OF_STATUS[status] ?? null;
}

/** The proof photo of that kind on the order, when it has arrived. */
export function proofOf(order: Pick<Order, 'proofs'>, kind: ProofKind): string | null {
  return order.proofs?.[kind] ?? null;
}

/** The receiver's signature (an image URL) that came with the proof of that kind, if any. */
export function proofSignatureOf(order: Pick<Order, 'proofs'>, kind: ProofKind): string | null {
  return order.proofs?.signatures?.[kind] ?? null;
}

/** The receiver's name the rider recorded with the proof of that kind, if any. */
export function proofReceivedBy(order: Pick<Order, 'proofs'>, kind: ProofKind): string | null {
  return order.proofs?.received_by?.[kind] ?? null;
}

/** What an order.proof_available event tells of the proof of that kind: its photo, signature and receiver; null before the photo arrived. */
export function proofAnnouncement(order: Pick<Order, 'proofs'>, kind: ProofKind): { kind: ProofKind; url: string; signature_url: string | null; received_by: string | null } | null {
  const url = proofOf(order, kind);
  return url === null ? null : { kind, url, signature_url: proofSignatureOf(order, kind), received_by: proofReceivedBy(order, kind) };
}

export function webhookEventsOfHistoryEntry(index: number, status: OrderStatus): WebhookEventType[] {
  if (index === 0) return ['order.created'];
  const events: WebhookEventType[] = ['order.status_changed'];
  if (status === 'CANCELLED') events.push('order.cancelled');
  if (status === 'ASSIGNED_TO_TRANSPORT') events.push('order.rider_assigned');
  if (proofKindOfStatus(status) !== null) events.push('order.proof_available');
  return events;
}
