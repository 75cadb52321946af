import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { isValidTrackingToken, trackingTokenFor } from '../../server/orders/trackingToken';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

describe('tracking token (unit)', () => {
  it('accepts only the HMAC of this order id with this secret', () => {
    const token = trackingTokenFor('sa-1001-abc', 'secret');
    expect(isValidTrackingToken('sa-1001-abc', token, 'secret')).toBe(true);
    expect(isValidTrackingToken('sa-1001-abd', token, 'secret')).toBe(false);
    expect(isValidTrackingToken('sa-1001-abc', token, 'other')).toBe(false);
    expect(isValidTrackingToken('sa-1001-abc', undefined, 'secret')).toBe(false);
    expect(isValidTrackingToken('sa-1001-abc', `${token}x`, 'secret')).toBe(false);
  });
});

describe('public tracking and receipt', () => {
  let server: TestServer;
  let auth: string;
  let orderId: string;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
    auth = await server.login('vendor@example.com');
    orderId = await placeOrder(server, auth);
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    token = order.tracking_token ?? '';
  });
  afterAll(async () => { await server?.stop(); });

  it('shows stage, rider and ETA with first names only, and no phone or address', async () => {
    await moveOrder(server, orderId, 'NEAR_CUSTOMER');
    const response = await server.call('GET', `/tracking/${orderId}?t=${token}`);
    expect(response.status).toBe(200);
    const view = resultOf<{ stage: string; kind: string; customer_first_name: string; rider: { first_name: string; latitude: number } | null; eta_to_customer_min: number | null }>(response.body);
    expect(view.kind).toBe('recipient');
    expect(view.stage).toBe('near-customer');
    expect(view.customer_first_name).toBe('Sara');
    expect(view.rider?.first_name).not.toContain(' ');
    expect(view.eta_to_customer_min).toEqual(expect.any(Number));
    expect(response.text).not.toContain('+9665');
    expect(response.text).not.toContain('Al-Harbi');
    expect(response.text).not.toContain('Al Malaz Street');
  });

  it('answers the same 403 for a wrong, missing or foreign token', async () => {
    const wrong = await server.call('GET', `/tracking/${orderId}?t=${'A'.repeat(token.length)}`);
    const missing = await server.call('GET', `/tracking/${orderId}`);
    const unknown = await server.call('GET', `/tracking/${SA_OLAYA}-ffffffffffffffffffff?t=${token}`);
    for (const response of [wrong, missing, unknown]) expect(response.status).toBe(403);
    expect(wrong.text).toBe(missing.text);
  });

  it('serves the receipt once delivered, as HTML or JSON', async () => {
    expect((await server.call('GET', `/order/${orderId}/receipt?t=${token}`)).status).toBe(409);
    await moveOrder(server, orderId, 'DELIVERED');
    const html = await server.call('GET', `/order/${orderId}/receipt?t=${token}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.text).toContain(orderId);
    const json = await server.call('GET', `/order/${orderId}/receipt?t=${token}`, { headers: { accept: 'application/json' } });
    expect(resultOf<{ order_id: string; delivered_at: number }>(json.body).delivered_at).toEqual(expect.any(Number));
    expect((await server.call('GET', `/order/${orderId}/receipt?t=bad`)).status).toBe(403);
  });
});
