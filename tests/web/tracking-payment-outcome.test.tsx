// @vitest-environment jsdom
// A rejected 3-D Secure challenge sends the browser to /order-tracking?payment=declined
// (server/routes/payment.ts): the tracking page says no order was placed; without the parameter it says nothing.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentOutcomeOf } from '../../src/screens/tracking/PaymentOutcomeNotice';
import { renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const DECLINED = /Your bank did not approve the payment, so no order was placed/;
const emptyList = { listOrders: async () => ({ data: [], pagination_key: null }) };

describe('payment outcome on the tracking page', () => {
  it('reads only payment=declined from the query', () => {
    expect(paymentOutcomeOf('?payment=declined')).toBe('declined');
    expect(paymentOutcomeOf('?order_id=v-1-a&payment=declined')).toBe('declined');
    expect(paymentOutcomeOf('')).toBeNull();
    expect(paymentOutcomeOf('?payment=approved')).toBeNull();
  });

  it('shows the declined payment as an error until dismissed', async () => {
    renderOrdersScreen('/order-tracking?payment=declined', { api: emptyList });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(DECLINED);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(DECLINED)).toBeNull());
  });

  it('says it in Arabic for ar-SA', async () => {
    renderOrdersScreen('/order-tracking?payment=declined', { api: emptyList, locale: 'ar-SA' });
    expect((await screen.findByRole('alert')).textContent).toContain('لم يوافق البنك على عملية الدفع');
  });

  it('shows nothing without the parameter', async () => {
    renderOrdersScreen('/order-tracking', { api: emptyList });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(DECLINED)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
