// @vitest-environment jsdom
// The order drawer's detail for the two issue #5 additions: the PAY_AT_PICKUP method's label and the
// tag id with what it is for.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { Order } from '../../domain/types';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { OrderDetail, type OrderDetailFlags } from '../../src/components/orders/OrderDetail';
import { anOrder } from '../domain/anOrder';
import { Providers } from './renderApp';

afterEach(cleanup);

const FLAGS_OFF: OrderDetailFlags = {
  modifyOrder: false,
  deliveryReceipt: false,
  proofs: { pickup: false, delivery: false, return: false },
  prepareMessage: false,
  preAcceptedText: false,
  trackOrderBeforePickUp: false,
};

function renderDetail(order: Order) {
  render(
    <Providers>
      <MapPortProvider port={createMemoryMapPort()}>
        <OrderDetail order={order} rider={null} flags={FLAGS_OFF} />
      </MapPortProvider>
    </Providers>,
  );
}

/** The value the detail shows beside a label. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('order detail', () => {
  it('names the pay-at-pick-up method', () => {
    const order = anOrder().withStatus('NEW').build();
    renderDetail({ ...order, order: { ...order.order, payment_method: 'PAY_AT_PICKUP' } });
    expect(valueOf('Payment method')).toBe('Pay at pick-up');
  });

  it('shows the tag id with its hint', () => {
    const order = anOrder().withStatus('NEW').build();
    renderDetail({ ...order, order: { ...order.order, tag_id: 'BAG-0042' } });
    expect(valueOf('Tag ID')).toBe('BAG-0042The rider checks this tag at pick-up');
    expect(screen.getByText('BAG-0042').getAttribute('dir')).toBe('ltr');
  });

  it('shows no tag line for an order without one', () => {
    renderDetail(anOrder().withStatus('NEW').build());
    expect(screen.queryByText('Tag ID', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('The rider checks this tag at pick-up')).toBeNull();
  });

  it('a pre-order held until dispatch shows its slot in the zone, not delivery estimates counted from now', () => {
    const slot = Date.UTC(2026, 10, 27, 10, 0) / 1000; // 14:00 in Dubai (Asia/Dubai, the reference zone)
    const order = anOrder().withStatus('RECEIVED').build();
    const scheduled = { ...order, preordered_for: slot, estimated_pickup_min: 12, estimated_delivery_min: 57 };
    renderDetail(scheduled);
    expect(document.querySelector('[data-order-detail]')?.textContent).toMatch(/Scheduled for .*2:00\sPM/);
    expect(screen.queryByText('57 minutes')).toBeNull();
    expect(screen.queryByText('Estimated delivery', { selector: 'dt' })).toBeNull();
    cleanup();
    // Once dispatched (looking for a rider), the estimates are back.
    renderDetail({ ...scheduled, status: 'WAITING_FOR_TRANSPORT' });
    expect(valueOf('Estimated delivery')).toBe('57 minutes');
  });
});
