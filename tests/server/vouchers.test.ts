import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Order } from '../../domain/types';
import { discountedFee, minorDigits } from '../../server/vouchers/discount';
import { seedVouchers } from '../../server/vouchers/repository';
import { signedInPair, type TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

describe('discount (unit)', () => {
  it('takes percent or a fixed amount off, never below zero, in the currency\'s minor unit', () => {
    expect(discountedFee(20, { type: 'PERCENT', amount: 10 }, 'SAR')).toBe(18);
    expect(discountedFee(13.33, { type: 'PERCENT', amount: 10 }, 'SAR')).toBe(12);
    expect(discountedFee(4, { type: 'FIXED', amount: 5 }, 'SAR')).toBe(0);
    expect(discountedFee(1.2345, { type: 'FIXED', amount: 0.1 }, 'KWD')).toBe(1.135);
    expect(minorDigits('JPY')).toBe(0);
  });
});

describe('voucher routes', () => {
  let server: TestServer;
  let auth: string;
  let otherAuth: string;
  beforeAll(async () => {
    ({ server, vendor: auth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
  });
  afterAll(async () => { await server?.stop(); });

  it('seeds idempotently', async () => {
    await seedVouchers(server.app.db);
    const rows = await server.app.db.selectFrom('vouchers').select('code').execute();
    expect(rows.map((r) => r.code).sort()).toEqual(['FLAT5', 'OLD2020', 'WELCOME10']);
  });

  it('GET /voucher/{code} reads a usable voucher, and refuses expired or unknown ones', async () => {
    const welcome = await server.call('GET', '/voucher/welcome10', { auth });
    expect(welcome.status).toBe(200);
    expect(resultOf(welcome.body)).toEqual({ code: 'WELCOME10', amount: 10, type: 'PERCENT', expires_at: null });
    for (const code of ['OLD2020', 'NOPE']) {
      const response = await server.call('GET', `/voucher/${code}`, { auth });
      expect(response.status).toBe(422);
      expect((response.body as ApiErrorBody).message).toBe('voucher.error.get.message');
    }
    expect((await server.call('GET', '/voucher/WELCOME10')).status).toBe(401);
  });

  it('validates against the signed fee and the discounted fee places an order', async () => {
    const quote = await quoteFee(server, auth, SA_OLAYA);
    const validated = await server.call('POST', '/voucher/validate', { auth, body: { code: 'WELCOME10', order: { order_time: null, delivery_fee: quote.fee, signature: quote.signature }, vendor_id: SA_OLAYA } });
    expect(validated.status).toBe(200);
    const result = resultOf<{ voucher: { code: string; amount: number; type: string }; delivery_fee: number; signature: string }>(validated.body);
    expect(result.voucher).toEqual({ code: 'WELCOME10', amount: 10, type: 'PERCENT' });
    expect(result.delivery_fee).toBe(discountedFee(quote.fee, { type: 'PERCENT', amount: 10 }, 'SAR'));

    const placed = await server.call('POST', '/order', {
      auth,
      body: orderPayload(SA_OLAYA, quote, { voucher: result.voucher as { code: string; amount: number; type: 'PERCENT' }, discounted_delivery_fee: result.delivery_fee, discounted_delivery_fee_signature: result.signature }),
    });
    expect(placed.status).toBe(200);
    const orderId = resultOf<{ order_id: string }>(placed.body).order_id;
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    expect(order.discount).toBeCloseTo(quote.fee - result.delivery_fee, 5);
    expect(order.voucher?.code).toBe('WELCOME10');

    // The discounted signature cannot stand in for a lower discounted fee or another voucher.
    const cheaper = await server.call('POST', '/order', {
      auth,
      body: orderPayload(SA_OLAYA, quote, { voucher: { code: 'FLAT5', amount: 5, type: 'FIXED' }, discounted_delivery_fee: result.delivery_fee, discounted_delivery_fee_signature: result.signature }),
    });
    expect(cheaper.status).toBe(422);
    expect((cheaper.body as ApiErrorBody).message).toBe('error.fee.changed');
  });

  it('answers voucher.error.validation.message for expired or unknown codes, fee.changed for a forged fee, 403 across tenants', async () => {
    const quote = await quoteFee(server, auth, SA_OLAYA);
    for (const code of ['OLD2020', 'NOPE']) {
      const response = await server.call('POST', '/voucher/validate', { auth, body: { code, order: { delivery_fee: quote.fee, signature: quote.signature }, vendor_id: SA_OLAYA } });
      expect(response.status).toBe(422);
      expect((response.body as ApiErrorBody).message).toBe('voucher.error.validation.message');
    }
    const forged = await server.call('POST', '/voucher/validate', { auth, body: { code: 'FLAT5', order: { delivery_fee: quote.fee + 100, signature: quote.signature }, vendor_id: SA_OLAYA } });
    expect((forged.body as ApiErrorBody).message).toBe('error.fee.changed');
    const otherVendor = await server.call('POST', '/voucher/validate', { auth, body: { code: 'FLAT5', order: { delivery_fee: quote.fee, signature: quote.signature }, vendor_id: SA_PARENT } });
    expect((otherVendor.body as ApiErrorBody).message).toBe('error.fee.changed');
    expect((await server.call('POST', '/voucher/validate', { auth: otherAuth, body: { code: 'FLAT5', order: { delivery_fee: quote.fee, signature: quote.signature }, vendor_id: SA_OLAYA } })).status).toBe(403);
  });
});
