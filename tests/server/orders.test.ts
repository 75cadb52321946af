import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Order } from '../../domain/types';
import { signedInPair, type TestServer } from './harness';
import { moveOrder, orderPayload, placeOrder, quoteFee, resultOf, SA_OLAYA, SA_PARENT, SG_VENDOR } from './orders-fixtures';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;

beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const errorOf = (body: unknown) => body as ApiErrorBody;

describe('POST /order', () => {
  it('creates an order with an unguessable id that starts with the vendor id', async () => {
    const orderId = await placeOrder(server, vendorAuth);
    expect(orderId).toMatch(new RegExp(`^${SA_OLAYA}-[0-9a-f]{20}$`));
    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: vendorAuth });
    expect(read.status).toBe(200);
    const order = resultOf<Order>(read.body);
    expect(order.status).toBe('NEW');
    expect(order.status_history.map((e) => e.status)).toEqual(['NEW']);
    expect(order.customer.name).toBe('Sara Al-Harbi');
    expect(order.delivery_fee).toBeGreaterThan(0);
    expect(order.tracking_token).toEqual(expect.any(String));
    expect(order.rider).toBeNull();
  });

  it('answers the first failing form rule with its key and field', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const base = orderPayload(SA_OLAYA, quote);
    const cases: [Partial<typeof base>, string, string][] = [
      [{ customer: { ...base.customer, name: '' } }, 'validation.fill-customer-name', 'customer.name'],
      [{ customer: { ...base.customer, name: 'Sara 2' } }, 'validation.wrong-customer-name', 'customer.name'],
      [{ customer: { ...base.customer, phone_number: '' } }, 'validation.fill-customer-phone', 'customer.phone_number'],
      [{ customer: { ...base.customer, phone_number: '+96612' } }, 'validation.phone-incorrect', 'customer.phone_number'],
      [{ order: { ...base.order, description: 'x'.repeat(201) } }, 'validation.fill-description', 'order.description'],
    ];
    for (const [override, key, field] of cases) {
      const response = await server.call('POST', '/order', { auth: vendorAuth, body: { ...base, ...override } });
      expect(response.status, key).toBe(422);
      expect(errorOf(response.body).message).toBe(key);
      expect(errorOf(response.body).errors[0]?.field).toBe(field);
    }
  });

  it('limits notes and address in UTF-8 bytes', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const base = orderPayload(SA_OLAYA, quote);
    // 400 Arabic letters = 800 bytes of notes: allowed; 501 = 1002 bytes: too long.
    const ok = await server.call('POST', '/order', { auth: vendorAuth, body: { ...base, customer: { ...base.customer, location: { ...base.customer.location, notes: 'ب'.repeat(400) } } } });
    expect(ok.status).toBe(200);
    const tooLong = await server.call('POST', '/order', { auth: vendorAuth, body: { ...base, customer: { ...base.customer, location: { ...base.customer.location, notes: 'ب'.repeat(501) } } } });
    expect(tooLong.status).toBe(422);
    expect(errorOf(tooLong.body).message).toBe('address.error.notes-too-long');
  });

  it('never takes status, unknown fields or an online-paid flag from the body', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const withStatus = await server.call('POST', '/order', { auth: vendorAuth, body: { ...orderPayload(SA_OLAYA, quote), status: 'DELIVERED' } });
    expect(withStatus.status).toBe(400);
    const online = orderPayload(SA_OLAYA, quote);
    online.order = { ...online.order, payment_method: 'ONLINE_PAYMENT' };
    const paid = await server.call('POST', '/order', { auth: vendorAuth, body: online });
    expect(paid.status).toBe(422);
    expect(errorOf(paid.body).message).toBe('validation.fill-payment-method');
  });

  it('answers 401 without credentials and 403 for another tenant\'s vendor', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    expect((await server.call('POST', '/order', { body: orderPayload(SA_OLAYA, quote) })).status).toBe(401);
    const foreign = await server.call('POST', '/order', { auth: otherAuth, body: orderPayload(SA_OLAYA, quote) });
    expect(foreign.status).toBe(403);
  });

  it('answers 400 for malformed JSON and wrong types', async () => {
    expect((await server.call('POST', '/order', { auth: vendorAuth, rawBody: '{"vendor_id":' })).status).toBe(400);
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const wrongType = await server.call('POST', '/order', { auth: vendorAuth, body: { ...orderPayload(SA_OLAYA, quote), delivery_fee: '10' } });
    expect(wrongType.status).toBe(400);
  });
});

describe('GET /order and tenancy', () => {
  it('hides orders from other tenants and from a mismatching vendor id (403, not 404)', async () => {
    const orderId = await placeOrder(server, vendorAuth);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=${SG_VENDOR}&orderId=${orderId}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${SA_OLAYA}-0000`, { auth: vendorAuth })).status).toBe(403);
  });
});

describe('GET /vendor/{id}/orders', () => {
  it('lists newest first with an opaque cursor and a 200 cap', async () => {
    const first = await server.call('GET', `/vendor/${SA_OLAYA}/orders?count=5`, { auth: vendorAuth });
    expect(first.status).toBe(200);
    const page1 = resultOf<{ data: Order[]; pagination_key: string | null }>(first.body);
    expect(page1.data).toHaveLength(5);
    const created = page1.data.map((o) => o.created_at);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(page1.pagination_key).toEqual(expect.any(String));
    const second = await server.call('GET', `/vendor/${SA_OLAYA}/orders?count=5&pagination_key=${encodeURIComponent(page1.pagination_key ?? '')}`, { auth: vendorAuth });
    const page2 = resultOf<{ data: Order[] }>(second.body);
    expect(page2.data.length).toBeGreaterThan(0);
    const ids1 = new Set(page1.data.map((o) => o.order_id));
    expect(page2.data.some((o) => ids1.has(o.order_id))).toBe(false);
    expect(page2.data[0]!.created_at).toBeLessThanOrEqual(page1.data.at(-1)!.created_at);

    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders?count=201`, { auth: vendorAuth })).status).toBe(400);
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders?pagination_key=garbage`, { auth: vendorAuth })).status).toBe(400);
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: otherAuth })).status).toBe(403);
  });

  it('includes the outlets\' orders for a parent only when asked', async () => {
    const own = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_PARENT}/orders?count=200`, { auth: vendorAuth })).body).data;
    expect(own.every((o) => o.vendor_id === SA_PARENT)).toBe(true);
    const all = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_PARENT}/orders?count=200&include_outlets=true`, { auth: vendorAuth })).body).data;
    expect(all.some((o) => o.vendor_id === SA_OLAYA)).toBe(true);
  });

  it('filters by customer phone, period and scheduled', async () => {
    const orderId = await placeOrder(server, vendorAuth, SA_OLAYA, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: 'Al Malaz', notes: '' }, phone_number: '+966509999999', name: 'Filter Person' } });
    const byPhone = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_OLAYA}/orders?customer_phone_number=%2B966509999999`, { auth: vendorAuth })).body).data;
    expect(byPhone.map((o) => o.order_id)).toEqual([orderId]);
    const preorderedFor = Math.floor(Date.now() / 1000) + 3600;
    const preorderId = await placeOrder(server, vendorAuth, SA_OLAYA, { preordered_for: preorderedFor });
    const scheduled = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_OLAYA}/orders?scheduled=true`, { auth: vendorAuth })).body).data;
    expect(scheduled.map((o) => o.order_id)).toEqual([preorderId]);
    expect(scheduled[0]?.preordered_for).toBe(preorderedFor);
    const instant = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_OLAYA}/orders?scheduled=false&count=200`, { auth: vendorAuth })).body).data;
    expect(instant.some((o) => o.order_id === preorderId)).toBe(false);
    expect(instant.some((o) => o.order_id === orderId)).toBe(true);
    // More than 2 days ahead is refused.
    const tooFar = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, await quoteFee(server, vendorAuth, SA_OLAYA), { preordered_for: preorderedFor + 3 * 86400 }) });
    expect(tooFar.status).toBe(422);
    expect(errorOf(tooFar.body).message).toBe('validation.invalid-preorder-time');
    const empty = resultOf<{ data: Order[] }>((await server.call('GET', `/vendor/${SA_OLAYA}/orders?from=1&to=2`, { auth: vendorAuth })).body).data;
    expect(empty).toEqual([]);
  });
});

describe('PUT /order/cancel', () => {
  it('cancels a cancellable status with its reason and refuses others with 409', async () => {
    const orderId = await placeOrder(server, vendorAuth);
    // NEW is not in SPEC.md's cancellable list.
    const early = await server.call('PUT', '/order/cancel', { auth: vendorAuth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'cancel.reason.customer-cancelled' } });
    expect(early.status).toBe(409);
    expect(errorOf(early.body).message).toBe('error.cant-cancel-order');
    await moveOrder(server, orderId, 'RECEIVED');
    const ok = await server.call('PUT', '/order/cancel', { auth: vendorAuth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'cancel.reason.customer-cancelled' } });
    expect(ok.status).toBe(200);
    const cancelled = resultOf<Order>(ok.body);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cancel_reason).toBe('cancel.reason.customer-cancelled');
    const again = await server.call('PUT', '/order/cancel', { auth: vendorAuth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'x' } });
    expect(again.status).toBe(409);
  });

  it('refuses a delivered order and another tenant', async () => {
    const orderId = await placeOrder(server, vendorAuth);
    await moveOrder(server, orderId, 'DELIVERED');
    expect((await server.call('PUT', '/order/cancel', { auth: vendorAuth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'x' } })).status).toBe(409);
    expect((await server.call('PUT', '/order/cancel', { auth: otherAuth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'x' } })).status).toBe(403);
  });
});

describe('PUT /order/{orderId}', () => {
  it('updates before pick-up with a re-signed fee, and answers 409 after', async () => {
    const orderId = await placeOrder(server, vendorAuth);
    const destination = { latitude: 24.75, longitude: 46.65 };
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA, destination);
    const body = {
      vendor_id: SA_OLAYA, payment_method: 'CASH_ON_DELIVERY', amount: 80, item_details: 'One cake',
      location: { address: 'Hittin, Riyadh', notes: '', ...destination }, delivery_fee: quote.fee, signature: quote.signature,
    };
    const updated = await server.call('PUT', `/order/${orderId}`, { auth: vendorAuth, body });
    expect(updated.status).toBe(200);
    const order = resultOf<Order>(updated.body);
    expect(order.order.amount).toBe(80);
    expect(order.customer.location.address).toBe('Hittin, Riyadh');
    expect(order.delivery_fee).toBe(quote.fee);

    const tampered = await server.call('PUT', `/order/${orderId}`, { auth: vendorAuth, body: { ...body, delivery_fee: quote.fee - 1 } });
    expect(tampered.status).toBe(422);
    expect(errorOf(tampered.body).message).toBe('error.fee.changed');

    await moveOrder(server, orderId, 'PICKED_UP');
    const late = await server.call('PUT', `/order/${orderId}`, { auth: vendorAuth, body });
    expect(late.status).toBe(409);
  });
});

describe('guest orders', () => {
  it('belong to the guest session that created them', async () => {
    const session = await server.call('POST', '/guest/session', { body: { name: 'Nora Guest', email: 'nora@example.com', phone_number: '+966501112233', country_code: 'SA' } });
    expect(session.status).toBe(200);
    const guestAuth = `Bearer ${resultOf<{ token: string }>(session.body).token}`;
    const sender = { location: { latitude: 24.7136, longitude: 46.6753, address: 'Olaya, Riyadh', notes: '' }, name: 'Nora Guest', email: 'nora@example.com', phone_number: '+966501112233' };
    const quote = await quoteFee(server, guestAuth, 'vendorID', undefined, { latitude: sender.location.latitude, longitude: sender.location.longitude });
    const created = await server.call('POST', '/order', { auth: guestAuth, body: orderPayload('vendorID', quote, { sender }) });
    expect(created.status).toBe(200);
    const orderId = resultOf<{ order_id: string }>(created.body).order_id;
    expect(orderId.startsWith('vendorID-')).toBe(true);
    expect((await server.call('GET', `/order?vendorId=vendorID&orderId=${orderId}`, { auth: guestAuth })).status).toBe(200);

    const other = await server.call('POST', '/guest/session', { body: { name: 'Other Guest', email: 'o@example.com', phone_number: '+966501112234', country_code: 'SA' } });
    const otherGuest = `Bearer ${resultOf<{ token: string }>(other.body).token}`;
    expect((await server.call('GET', `/order?vendorId=vendorID&orderId=${orderId}`, { auth: otherGuest })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=vendorID&orderId=${orderId}`, { auth: vendorAuth })).status).toBe(403);
    const listed = resultOf<{ data: Order[] }>((await server.call('GET', '/vendor/vendorID/orders', { auth: otherGuest })).body).data;
    expect(listed).toEqual([]);

    // A guest without sender details cannot place an order: there is no collection point.
    const noSender = await server.call('POST', '/order', { auth: guestAuth, body: orderPayload('vendorID', quote) });
    expect(noSender.status).toBe(422);
  });
});
