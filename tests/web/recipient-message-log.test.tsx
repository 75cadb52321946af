// @vitest-environment jsdom
// The order drawer's recipient message log: what the API reports, in the vendor's time zone and the
// user's language, read again when the order moves.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, SentNotification } from '../../adapters/ports';
import type { Order } from '../../domain/types';
import { OrdersServicesProvider, type OrdersServices } from '../../src/components/orders/OrdersServicesContext';
import { RecipientMessageLog } from '../../src/components/orders/RecipientMessageLog';
import { anOrder } from '../domain/anOrder';
import { Providers } from './renderApp';

afterEach(cleanup);

/** 08:31 UTC is 12:31 in Asia/Dubai, the Saudi build's zone. */
const AT_1231 = Date.UTC(2026, 10, 26, 8, 31) / 1000;

function renderLog(order: Order, answers: SentNotification[][], locale = 'en') {
  const asked: string[] = [];
  const api = {
    listRecipientMessages: async (vendorId: string, orderId: string) => {
      asked.push(`${vendorId}/${orderId}`);
      return answers[Math.min(asked.length, answers.length) - 1] ?? [];
    },
  } as Partial<ApiClient> as ApiClient;
  const services = { api } as OrdersServices;
  const tree = (shown: Order) => (
    <Providers locale={locale}>
      <OrdersServicesProvider services={services}>
        <RecipientMessageLog order={shown} />
      </OrdersServicesProvider>
    </Providers>
  );
  const view = render(tree(order));
  return { asked, rerender: (next: Order) => view.rerender(tree(next)) };
}

describe('recipient message log', () => {
  it('says "SMS sent 12:31" in the vendor zone, and why a message was held back', async () => {
    const order = anOrder().withStatus('PICKED_UP').build();
    const { asked } = renderLog(order, [[
      { event: 'on_the_way', channel: 'sms', outcome: 'sent', at: AT_1231 },
      { event: 'on_the_way', channel: 'email', outcome: 'opted-out', at: AT_1231 },
    ]]);
    expect(await screen.findByText(/^SMS sent 12:31/)).toBeTruthy();
    expect(screen.getByText(/^E-mail not sent 12:31.*: the recipient opted out$/)).toBeTruthy();
    expect(screen.getAllByText('Rider on the way')).toHaveLength(2);
    expect(asked).toEqual([`${order.vendor_id}/${order.order_id}`]);
  });

  it('reads the log again when the order moves, and shows the new message', async () => {
    const order = anOrder().withStatus('PICKED_UP').build();
    const sms: SentNotification = { event: 'on_the_way', channel: 'sms', outcome: 'sent', at: AT_1231 };
    const { asked, rerender } = renderLog(order, [[sms], [sms, { event: 'delivered', channel: 'sms', outcome: 'sent', at: AT_1231 + 600 }]]);
    await screen.findByText(/^SMS sent 12:31/);
    rerender({ ...order, status: 'DELIVERED' });
    expect(await screen.findByText(/^SMS sent 12:41/)).toBeTruthy();
    expect(asked).toHaveLength(2);
  });

  it('says so when nothing was sent, in Arabic for ar-SA', async () => {
    renderLog(anOrder().withStatus('NEW').build(), [[]], 'ar-SA');
    expect(await screen.findByText('لم تُرسل أي رسائل بعد.')).toBeTruthy();
  });
});
