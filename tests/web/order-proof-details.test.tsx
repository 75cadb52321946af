// @vitest-environment jsdom
// An order's proof of delivery in its drawer (issue #27): beside the photo, the name the receiver gave
// the rider and the signature they drew, with alt text, in English and in Arabic; nothing of them
// when the courier recorded neither, and nothing at all while the proof's flag is off.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { catalogue } from './renderApp';
import { anOrder, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const PHOTO = 'data:image/svg+xml;base64,UEhPVE8=';
const SIGNATURE = 'data:image/svg+xml;base64,U0lHTg==';
const page = (orders: Order[]) => ({ data: orders, pagination_key: null });
const delivered = (proofs: Order['proofs']) => anOrder('DELIVERED', { order_id: 'v-1-d', proofs });
const signed = delivered({ pickup: PHOTO, delivery: PHOTO, signatures: { delivery: SIGNATURE }, received_by: { delivery: 'Omar (neighbour)' } });

async function openDrawer(order: Order, options: { locale?: string; flags?: Record<string, boolean> } = {}) {
  renderOrdersScreen(`/order-tracking?order_id=${order.order_id}`, {
    api: { listOrders: async () => page([order]), listRecipientMessages: async () => [] },
    flags: options.flags ?? { ProofOfPickup: true, ProofOfDelivery: true },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return screen.findByRole('dialog');
}

describe("the proof of delivery in an order's drawer", () => {
  it('shows who received the item and their signature, described for screen readers', async () => {
    const drawer = await openDrawer(signed);
    expect(await within(drawer).findByText('Received by Omar (neighbour)')).toBeTruthy();
    const signature = within(drawer).getByRole('img', { name: "Receiver's signature" });
    expect(signature.getAttribute('src')).toBe(SIGNATURE);
    // The delivery photo is still there, the pickup has neither a receiver nor a signature of its own.
    expect(within(drawer).getByRole('img', { name: 'Proof of delivery' }).getAttribute('src')).toBe(PHOTO);
    expect(within(drawer).getAllByRole('img', { name: "Receiver's signature" })).toHaveLength(1);
    expect(within(drawer).getAllByText(/^Received by/)).toHaveLength(1);
  });

  it('says it in Arabic', async () => {
    const ar = catalogue('ar-SA');
    const drawer = await openDrawer(signed, { locale: 'ar-SA' });
    expect(await within(drawer).findByText((ar['order.proof.received-by'] ?? 'missing').replace('{name}', 'Omar (neighbour)'))).toBeTruthy();
    expect(within(drawer).getByRole('img', { name: ar['order.proof.signature'] ?? 'missing' }).getAttribute('src')).toBe(SIGNATURE);
  });

  it('shows only the photo when the courier recorded no receiver and no signature', async () => {
    const drawer = await openDrawer(delivered({ delivery: PHOTO }));
    expect(await within(drawer).findByRole('img', { name: 'Proof of delivery' })).toBeTruthy();
    expect(within(drawer).queryByRole('img', { name: "Receiver's signature" })).toBeNull();
    expect(within(drawer).queryByText(/^Received by/)).toBeNull();
  });

  it('shows none of it while the proof of delivery is switched off', async () => {
    const drawer = await openDrawer(signed, { flags: { ProofOfPickup: true, ProofOfDelivery: false } });
    expect(await within(drawer).findByRole('img', { name: 'Proof of pickup' })).toBeTruthy();
    expect(within(drawer).queryByRole('img', { name: "Receiver's signature" })).toBeNull();
    expect(within(drawer).queryByText(/Omar/)).toBeNull();
  });
});
