// Contract of the PayAtPickup and TagIdCheck flags on the orders API (issue #5): each changes what
// POST /order accepts for the vendor the flag is on for, and GET /order answers what was stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Order, OrderRequestPayload } from '../../domain/types';
import { startServer, type TestServer } from './harness';
import { orderPayload, placeOrder, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

let server: TestServer;
let saAuth: string;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  saAuth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const setFlag = async (name: string, variation: boolean, vendorId = SA_OLAYA) => {
  const response = await server.call('PUT', `/ops/flags/${name}`, { auth: `Ops ${server.opsToken}`, body: { variation, vendor_id: vendorId } });
  expect(response.status, response.text).toBe(200);
};

/** POST /order for the Olaya outlet with `order` fields changed. */
async function postOrder(order: Partial<OrderRequestPayload['order']>, vendorId = SA_OLAYA) {
  const quote = await quoteFee(server, saAuth, vendorId);
  const base = orderPayload(vendorId, quote);
  return server.call('POST', '/order', { auth: saAuth, body: { ...base, order: { ...base.order, ...order } } });
}

async function storedOrder(orderId: string, vendorId = SA_OLAYA): Promise<Order> {
  const response = await server.call('GET', `/order?vendorId=${vendorId}&orderId=${encodeURIComponent(orderId)}`, { auth: saAuth });
  expect(response.status, response.text).toBe(200);
  return resultOf<Order>(response.body);
}

describe('PAY_AT_PICKUP payment method (PayAtPickup flag)', () => {
  afterEach(async () => { await setFlag('PayAtPickup', false); });

  it('is refused like any unavailable method while the flag is off', async () => {
    const response = await postOrder({ payment_method: 'PAY_AT_PICKUP' });
    expect(response.status).toBe(422);
    expect(response.body as ApiErrorBody).toMatchObject({ message: 'validation.fill-payment-method', errors: [{ field: 'order.payment_method' }] });
  });

  it('is accepted and stored for the vendor the flag is on for, and only that one', async () => {
    await setFlag('PayAtPickup', true);
    const response = await postOrder({ payment_method: 'PAY_AT_PICKUP' });
    expect(response.status, response.text).toBe(200);
    const order = await storedOrder(resultOf<{ order_id: string }>(response.body).order_id);
    expect(order.order.payment_method).toBe('PAY_AT_PICKUP');
    expect(order.order.amount).toBe(120);

    expect((await postOrder({ payment_method: 'PAY_AT_PICKUP' }, SA_PARENT)).status).toBe(422);
  });

  it('can be chosen when editing an order only while the flag is on', async () => {
    const orderId = await placeOrder(server, saAuth);
    const quote = await quoteFee(server, saAuth, SA_OLAYA);
    const order = await storedOrder(orderId);
    const body = {
      vendor_id: SA_OLAYA, payment_method: 'PAY_AT_PICKUP', amount: 80, item_details: 'One cake',
      location: { ...order.customer.location, notes: '' }, delivery_fee: quote.fee, signature: quote.signature,
    };
    expect((await server.call('PUT', `/order/${orderId}`, { auth: saAuth, body })).status).toBe(422);
    await setFlag('PayAtPickup', true);
    const updated = await server.call('PUT', `/order/${orderId}`, { auth: saAuth, body });
    expect(updated.status, updated.text).toBe(200);
    expect(resultOf<Order>(updated.body).order.payment_method).toBe('PAY_AT_PICKUP');
  });
});

describe('order.tag_id (TagIdCheck flag)', () => {
  afterEach(async () => { await setFlag('TagIdCheck', false); });

  it('is stored without surrounding spaces and answered on GET /order while the flag is on', async () => {
    await setFlag('TagIdCheck', true);
    const response = await postOrder({ tag_id: ' BAG-0042 ' });
    expect(response.status, response.text).toBe(200);
    const order = await storedOrder(resultOf<{ order_id: string }>(response.body).order_id);
    expect(order.order.tag_id).toBe('BAG-0042');
  });

  it('refuses a malformed tag with a translated 422 naming the field while the flag is on', async () => {
    await setFlag('TagIdCheck', true);
    const response = await postOrder({ tag_id: 'BAG 42!' });
    expect(response.status).toBe(422);
    expect(response.body as ApiErrorBody).toMatchObject({ message: 'validation.tag-id-invalid', errors: [{ field: 'order.tag_id' }] });
    expect((await postOrder({ tag_id: 'A'.repeat(33) })).status).toBe(422);
  });

  it('is ignored, even malformed, while the flag is off', async () => {
    const response = await postOrder({ tag_id: 'BAG 42!' });
    expect(response.status, response.text).toBe(200);
    const order = await storedOrder(resultOf<{ order_id: string }>(response.body).order_id);
    expect(order.order).not.toHaveProperty('tag_id');
  });

  it('keeps an order without a tag free of the field when the flag is on', async () => {
    await setFlag('TagIdCheck', true);
    const response = await postOrder({ tag_id: '  ' });
    expect(response.status, response.text).toBe(200);
    const order = await storedOrder(resultOf<{ order_id: string }>(response.body).order_id);
    expect(order.order).not.toHaveProperty('tag_id');
  });
});
