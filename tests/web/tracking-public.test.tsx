// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryReceipt } from '../../adapters/ports';
import { ApiError } from '../../adapters/http/apiError';
import { fakeSession } from './renderApp';
import { aTrackingView, NOW, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const signedOut = fakeSession();

describe('public tracking pages', () => {
  it('shows the recipient the stage, the rider first name and the near ETA without login', async () => {
    const getTracking = vi.fn(async () => aTrackingView());
    renderOrdersScreen('/tracking/v-1-x?t=secret', { api: { getTracking }, session: signedOut });
    expect(await screen.findByRole('heading', { name: 'Hi Sara, your order from Riyadh Bakery' })).toBeTruthy();
    expect(getTracking).toHaveBeenCalledWith('v-1-x', 'secret');
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-stage')).toBe('near-vendor');
    expect(screen.getByText('Your rider: Ahmed')).toBeTruthy();
    expect(screen.getByText('Rider is near the pickup')).toBeTruthy();
    expect(screen.getByTestId('order-map')).toBeTruthy();
  });

  it('says when the link is not valid', async () => {
    const getTracking = vi.fn(async () => {
      throw new ApiError('http', 403, 'error.forbidden', 't', 'error.forbidden');
    });
    renderOrdersScreen('/tracking/v-1-x?t=wrong', { api: { getTracking }, session: signedOut });
    expect(await screen.findByText('This tracking link is not valid. Please check the link you received.')).toBeTruthy();
  });

  it('shows the consumer-to-consumer stages and the prohibited-items link', async () => {
    renderOrdersScreen('/tracking-c2c/v-1-x?t=secret', {
      api: { getTracking: async () => aTrackingView({ kind: 'c2c', stage: 'to-delivery', status: 'PICKED_UP', sender_first_name: 'Omar', vendor_name: '' }) },
      session: signedOut,
    });
    expect(await screen.findByRole('heading', { name: 'Parcel from Omar to Sara' })).toBeTruthy();
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-stage')).toBe('to-delivery');
    expect(screen.getByRole('link', { name: 'Items we cannot deliver' }).getAttribute('href')).toBe('/prohibiteditems-c2c');
  });

  it('sends an order of the other kind to its own page, token kept', async () => {
    const c2c = aTrackingView({ kind: 'c2c', stage: 'delivered', status: 'DELIVERED', sender_first_name: 'Omar', vendor_name: '' });
    const { router } = renderOrdersScreen('/tracking/vendorID-x?t=secret', { api: { getTracking: async () => c2c }, session: signedOut });
    expect(await screen.findByRole('heading', { name: 'Parcel from Omar to Sara' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tracking-c2c/vendorID-x');
    expect(router.state.location.search).toEqual({ t: 'secret' });
    // Every stage of a delivered parcel is filled, and nothing says it is still on its way.
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-stage')).toBe('delivered');
    cleanup();
    const recipient = renderOrdersScreen('/tracking-c2c/v-1-x?t=secret', { api: { getTracking: async () => aTrackingView() }, session: signedOut });
    expect(await screen.findByRole('heading', { name: 'Hi Sara, your order from Riyadh Bakery' })).toBeTruthy();
    expect(recipient.router.state.location.pathname).toBe('/tracking/v-1-x');
  });

  it('shows the delivery receipt, and says when it is not ready', async () => {
    const receipt: DeliveryReceipt = {
      order_id: 'v-1-x', status: 'DELIVERED', vendor_name: 'Riyadh Bakery', customer_first_name: 'Sara', created_at: NOW - 3600, delivered_at: NOW,
      currency: 'SAR', order_amount: 120, delivery_fee: 15, discount: 1.5, total_amount: 133.5, payment_method: 'CASH_ON_DELIVERY', voucher_code: 'WELCOME10',
    };
    renderOrdersScreen('/delivery-receipt/v-1-x?t=secret', { api: { getReceipt: async () => receipt }, session: signedOut });
    await waitFor(() => expect(document.querySelector('[data-receipt="v-1-x"]')).not.toBeNull());
    expect(screen.getByText('WELCOME10')).toBeTruthy();
    expect(screen.getByText(/133\.50/)).toBeTruthy();
    cleanup();
    renderOrdersScreen('/delivery-receipt/v-1-y?t=secret', {
      api: { getReceipt: async () => Promise.reject(new ApiError('http', 409, 'error.receipt-not-ready', 'order_id', 'error.receipt-not-ready')) },
      session: signedOut,
    });
    expect(await screen.findByText('The receipt will be available once the order is delivered.')).toBeTruthy();
  });
});
