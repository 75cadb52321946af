// Which webhook events a status history entry stands for (domain/webhookEvents.ts), from issue #25's
// list: order created, each status change, rider assigned, proof available, order cancelled.
import { describe, expect, it } from 'vitest';
import { proofAnnouncement, proofKindOfStatus, proofOf, webhookEventsOfHistoryEntry } from '../../domain/webhookEvents';

describe('webhookEventsOfHistoryEntry', () => {
  it('the first entry is the creation, whatever its status', () => {
    expect(webhookEventsOfHistoryEntry(0, 'NEW')).toEqual(['order.created']);
    expect(webhookEventsOfHistoryEntry(0, 'PAYMENT_COMMITTED')).toEqual(['order.created']);
  });

  it('every later entry is a status change, plus what that status means', () => {
    expect(webhookEventsOfHistoryEntry(1, 'RECEIVED')).toEqual(['order.status_changed']);
    expect(webhookEventsOfHistoryEntry(3, 'ASSIGNED_TO_TRANSPORT')).toEqual(['order.status_changed', 'order.rider_assigned']);
    expect(webhookEventsOfHistoryEntry(2, 'CANCELLED')).toEqual(['order.status_changed', 'order.cancelled']);
  });

  it('a proof is available on pickup, delivery and return, and on no other status', () => {
    expect(webhookEventsOfHistoryEntry(5, 'PICKED_UP')).toEqual(['order.status_changed', 'order.proof_available']);
    expect(webhookEventsOfHistoryEntry(7, 'DELIVERED')).toEqual(['order.status_changed', 'order.proof_available']);
    expect(webhookEventsOfHistoryEntry(7, 'RETURNED_TO_VENDOR')).toEqual(['order.status_changed', 'order.proof_available']);
    expect(webhookEventsOfHistoryEntry(6, 'NEAR_CUSTOMER')).toEqual(['order.status_changed']);
    expect([proofKindOfStatus('PICKED_UP'), proofKindOfStatus('DELIVERED'), proofKindOfStatus('RETURNED_TO_VENDOR'), proofKindOfStatus('RECEIVED')])
      .toEqual(['pickup', 'delivery', 'return', null]);
  });

  it('reads the proof of a kind from the order, null until it has arrived', () => {
    expect(proofOf({ proofs: { pickup: 'data:image/svg+xml;base64,AA' } }, 'pickup')).toBe('data:image/svg+xml;base64,AA');
    expect(proofOf({ proofs: { pickup: 'data:x' } }, 'delivery')).toBeNull();
    expect(proofOf({ proofs: { delivery: null } }, 'delivery')).toBeNull();
    expect(proofOf({}, 'return')).toBeNull();
  });
});

describe('proofAnnouncement', () => {
  it('tells the photo, the signature and the receiver of a delivery', () => {
    const proofs = { delivery: 'https://cdn.example/p.jpg', signatures: { delivery: 'https://cdn.example/s.png' }, received_by: { delivery: 'Omar (neighbour)' } };
    expect(proofAnnouncement({ proofs }, 'delivery')).toEqual({ kind: 'delivery', url: 'https://cdn.example/p.jpg', signature_url: 'https://cdn.example/s.png', received_by: 'Omar (neighbour)' });
  });

  it('says null for a signature or a receiver the rider did not record, and nothing before the photo', () => {
    const proofs = { pickup: 'data:image/svg+xml;base64,AA', signatures: { delivery: 'data:s' } };
    expect(proofAnnouncement({ proofs }, 'pickup')).toEqual({ kind: 'pickup', url: 'data:image/svg+xml;base64,AA', signature_url: null, received_by: null });
    expect(proofAnnouncement({ proofs }, 'delivery')).toBeNull();
  });
});
