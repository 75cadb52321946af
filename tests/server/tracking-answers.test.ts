// The public tracking and receipt answers serialise through their schemas (domain/api/tracking.ts),
// which drop what they do not declare: each answer must carry every field of its schema, the ones
// the public pages read, and nothing the public must not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicTrackingView, Receipt, type Order } from '../../domain/api';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

let server: TestServer;
let auth: string;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const tokenOf = async (orderId: string) =>
  resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body).tracking_token;

describe('public answers', () => {
  it('GET /tracking/{orderId} answers every field of the tracking view, and no phone number of the customer', async () => {
    const orderId = await placeOrder(server, auth);
    for (const status of ['ASSIGNED_TO_TRANSPORT', 'PICKED_UP']) await moveOrder(server, orderId, status);
    const answer = await server.call('GET', `/tracking/${orderId}?t=${await tokenOf(orderId)}`);
    expect(answer.status).toBe(200);
    const view = resultOf<PublicTrackingView>(answer.body);
    expect(Object.keys(view).sort()).toEqual(Object.keys(PublicTrackingView.properties).sort());
    expect(view).toMatchObject({ order_id: orderId, kind: 'recipient', stage: 'collected', customer_first_name: 'Sara', destination: { latitude: expect.any(Number) } });
    expect(answer.text).not.toContain('+966501234567');
  });

  it('GET /order/{orderId}/receipt (JSON) answers every field of the receipt', async () => {
    const orderId = await placeOrder(server, auth);
    for (const status of ['PICKED_UP', 'DELIVERED']) await moveOrder(server, orderId, status);
    const answer = await server.call('GET', `/order/${orderId}/receipt?t=${await tokenOf(orderId)}`, { headers: { accept: 'application/json' } });
    expect(answer.status).toBe(200);
    const receipt = resultOf<Receipt>(answer.body);
    expect(Object.keys(receipt).sort()).toEqual(Object.keys(Receipt.properties).sort());
    expect(receipt).toMatchObject({ order_id: orderId, status: 'DELIVERED', order_amount: 120, currency: 'SAR', delivered_at: expect.any(Number) });
  });
});
