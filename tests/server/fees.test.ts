import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../domain/types';
import { quoteMatches, readFeeSignature, signFee } from '../../server/fees/signature';
import { estimateMinutes } from '../../server/fees/pricing';
import { signedInPair, startServer, type TestServer } from './harness';
import { orderPayload, quoteFee, RIYADH_DESTINATION, resultOf, SA_OLAYA, SA_PARENT, vendorPoint } from './orders-fixtures';

const quote = { vendorId: 'v-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.66, longitude: 46.73 }, fee: 14.5 };

describe('fee signature (unit)', () => {
  it('round-trips the quote it binds', async () => {
    const signed = await signFee(quote, { secret: 's3cret', ttlSeconds: 300, nowUnix: 1000 });
    expect(signed.expires_at).toBe(1300);
    const check = await readFeeSignature(signed.signature, { secret: 's3cret', nowUnix: 1100 });
    expect(check.ok).toBe(true);
    if (check.ok) expect(quoteMatches(check.quote, quote)).toBe(true);
  });

  it('tells expired from invalid, and treats a tampered expired token as invalid', async () => {
    const signed = await signFee(quote, { secret: 's3cret', ttlSeconds: 300, nowUnix: 1000 });
    expect(await readFeeSignature(signed.signature, { secret: 's3cret', nowUnix: 1301 })).toEqual({ ok: false, reason: 'expired' });
    expect(await readFeeSignature(signed.signature, { secret: 'other', nowUnix: 1100 })).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, mac] = signed.signature.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.fee = 1;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    expect(await readFeeSignature(tampered, { secret: 's3cret', nowUnix: 1100 })).toEqual({ ok: false, reason: 'invalid' });
    expect(await readFeeSignature(tampered, { secret: 's3cret', nowUnix: 9999 })).toEqual({ ok: false, reason: 'invalid' });
    expect(await readFeeSignature('not-a-token', { secret: 's3cret', nowUnix: 1100 })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('does not match another vendor, route, fee or voucher', () => {
    expect(quoteMatches(quote, { ...quote, vendorId: 'v-2' })).toBe(false);
    expect(quoteMatches(quote, { ...quote, destination: { latitude: 24.66, longitude: 46.74 } })).toBe(false);
    expect(quoteMatches(quote, { ...quote, fee: 14.49 })).toBe(false);
    expect(quoteMatches(quote, { ...quote, voucherCode: 'FLAT5' })).toBe(false);
  });

  it('estimates pickup no sooner than the country minimum and drop-off after it', () => {
    const estimate = estimateMinutes('SA', 5, 10);
    expect(estimate.pickup_min).toBe(15);
    expect(estimate.dropoff_min).toBeGreaterThan(estimate.pickup_min + 29);
  });
});

describe('fee routes (hurrier)', () => {
  let server: TestServer;
  let vendorAuth: string;
  let otherAuth: string;
  beforeAll(async () => {
    // The default TTL here: with 1 s, a quote could expire before the next request on a busy machine.
    ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
  });
  afterAll(async () => { await server?.stop(); });

  it('quotes a signed fee under the hurrier prefix too', async () => {
    const source = await vendorPoint(server, vendorAuth, SA_OLAYA);
    const response = await server.call('POST', `${server.baseUrl}/hurrier/api/v1/delivery/fee`, {
      auth: vendorAuth, body: { source, destination: RIYADH_DESTINATION, vendor_id: SA_OLAYA, delivery_type: 'food' },
    });
    expect(response.status).toBe(200);
    const result = resultOf<{ fee: number; signature: string; expires_at: number }>(response.body);
    expect(result.fee).toBeGreaterThan(0);
    expect(result.expires_at).toBeGreaterThan(Date.now() / 1000 - 1);
    const foreign = await server.call('POST', '/delivery/fee', { auth: otherAuth, body: { source, destination: RIYADH_DESTINATION, vendor_id: SA_OLAYA } });
    expect(foreign.status).toBe(403);
  });

  it('answers SignatureExpired for an expired signature (TTL 1 s)', async () => {
    // A server of its own with a 1 s TTL whose clock is moved on, so only this test sees the expiry.
    const shortLived = await startServer({ COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '1' });
    try {
      const auth = await shortLived.login('vendor@example.com');
      const fee = await quoteFee(shortLived, auth, SA_OLAYA);
      shortLived.app.clock.setOffsetS(2);
      const response = await shortLived.call('POST', '/order', { auth, body: orderPayload(SA_OLAYA, fee) });
      expect(response.status).toBe(422);
      expect((response.body as ApiErrorBody).message).toBe('SignatureExpired');
    } finally {
      await shortLived.stop();
    }
  });

  it('answers error.fee.changed for a lowered fee or another vendor\'s signature', async () => {
    const fee = await quoteFee(server, vendorAuth, SA_OLAYA);
    const lowered = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, { ...fee, fee: fee.fee - 1 }) });
    expect(lowered.status).toBe(422);
    expect((lowered.body as ApiErrorBody).message).toBe('error.fee.changed');
    const parentFee = await quoteFee(server, vendorAuth, SA_PARENT);
    const borrowed = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, parentFee) });
    expect(borrowed.status).toBe(422);
    expect((borrowed.body as ApiErrorBody).message).toBe('error.fee.changed');
    const garbage = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, { ...fee, signature: 'abc.def.ghi' }) });
    expect((garbage.body as ApiErrorBody).message).toBe('error.fee.changed');
  });

  it('validates the delivery area against the country distance limit', async () => {
    const vendorLocation = await vendorPoint(server, vendorAuth, SA_OLAYA);
    const near = await server.call('POST', '/delivery/area/validate', { auth: vendorAuth, body: { location: { lat: 24.70, lng: 46.70 }, vendor_location: vendorLocation, vendor_id: SA_OLAYA } });
    expect(resultOf<string>(near.body)).toBe('DELIVERABLE');
    const jeddah = await server.call('POST', '/delivery/area/validate', { auth: vendorAuth, body: { location: { lat: 21.54, lng: 39.17 }, vendor_location: vendorLocation, vendor_id: SA_OLAYA } });
    expect(resultOf<string>(jeddah.body)).toBe('UNDELIVERABLE');
    const estimate = await server.call('POST', '/estimations', { auth: vendorAuth, body: { location: { lat: 24.70, lng: 46.70 }, vendor_location: vendorLocation, vendor_id: SA_OLAYA } });
    expect(resultOf<{ pickup_min: number; dropoff_min: number }>(estimate.body)).toEqual({ pickup_min: expect.any(Number), dropoff_min: expect.any(Number) });
    expect((await server.call('POST', '/estimations', { auth: otherAuth, body: { location: { lat: 24.7, lng: 46.7 }, vendor_location: vendorLocation, vendor_id: SA_OLAYA } })).status).toBe(403);
    expect((await server.call('POST', '/delivery/area/validate', { auth: vendorAuth, body: { location: { lat: 'x', lng: 46.7 }, vendor_location: vendorLocation, vendor_id: SA_OLAYA } })).status).toBe(400);
  });
});
