// Two rules POST /order checks on the server: the Singapore unit number in the joined address
// (SPEC.md §3/§5) and the NONE payment method behind its flag (SPEC.md §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Order } from '../../domain/types';
import { signedInPair, type TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SG_VENDOR, vendorPoint } from './orders-fixtures';

let server: TestServer;
let saAuth: string;
let sgAuth: string;

beforeAll(async () => {
  ({ server, vendor: saAuth, other: sgAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const setFlag = (name: string, body: unknown) => server.call('PUT', `/ops/flags/${name}`, { auth: `Ops ${server.opsToken}`, body });

describe('Singapore unit number', () => {
  /** A Singapore order to a point near the vendor, with `address` as the joined customer address. */
  async function singaporeOrder(address: string) {
    const point = await vendorPoint(server, sgAuth, SG_VENDOR);
    const destination = { latitude: point.latitude + 0.01, longitude: point.longitude + 0.01 };
    const quote = await quoteFee(server, sgAuth, SG_VENDOR, destination);
    const base = orderPayload(SG_VENDOR, quote);
    return server.call('POST', '/order', {
      auth: sgAuth,
      body: { ...base, customer: { name: 'Tan Wei', phone_number: '+6591234567', location: { ...destination, address, notes: '' } } },
    });
  }

  it('refuses a joined address without a unit part with validation.fill-unit-number', async () => {
    const response = await singaporeOrder('Raffles Place');
    expect(response.status).toBe(422);
    expect(response.body as ApiErrorBody).toMatchObject({ message: 'validation.fill-unit-number', errors: [{ field: 'customer.location.address' }] });
  });

  it('accepts "unit, building, text" and "unit, text"', async () => {
    expect((await singaporeOrder('#05-12, Tower A, Raffles Place')).status).toBe(200);
    expect((await singaporeOrder('#05-12, Raffles Place')).status).toBe(200);
  });

  it('does not ask other countries for a unit', async () => {
    const quote = await quoteFee(server, saAuth, SA_OLAYA);
    const base = orderPayload(SA_OLAYA, quote);
    const response = await server.call('POST', '/order', { auth: saAuth, body: { ...base, customer: { ...base.customer, location: { ...base.customer.location, address: 'Al Malaz Street' } } } });
    expect(response.status).toBe(200);
  });
});

describe('NONE payment method', () => {
  const orderWithNone = async () => {
    const quote = await quoteFee(server, saAuth, SA_OLAYA);
    const base = orderPayload(SA_OLAYA, quote);
    return server.call('POST', '/order', { auth: saAuth, body: { ...base, order: { ...base.order, payment_method: 'NONE' } } });
  };

  it('is refused with 422 while the NonePaymentMethod flag is off', async () => {
    const response = await orderWithNone();
    expect(response.status).toBe(422);
    expect(response.body as ApiErrorBody).toMatchObject({ status: 422, message: 'validation.fill-payment-method', errors: [{ field: 'order.payment_method' }] });
  });

  it('is accepted for the vendor the flag is on for, and only that one', async () => {
    expect((await setFlag('NonePaymentMethod', { variation: true, vendor_id: SA_OLAYA })).status).toBe(200);
    const response = await orderWithNone();
    expect(response.status, response.text).toBe(200);
    const orderId = resultOf<{ order_id: string }>(response.body).order_id;
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: saAuth })).body);
    expect(order.order.payment_method).toBe('NONE');

    expect((await setFlag('NonePaymentMethod', { variation: false, vendor_id: SA_OLAYA })).status).toBe(200);
    expect((await orderWithNone()).status).toBe(422);
  });
});
