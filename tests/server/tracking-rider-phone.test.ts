// TrackingPageSettings.showRiderPhone on GET /tracking/{orderId}: private by default, and added as
// rider.phone only where a country, brand or vendor variation turns it on for the order's vendor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PublicTrackingView } from '../../domain/types';
import { FLAG_DEFAULTS } from '../../server/flags/flag-defaults';
import { showsRiderPhone } from '../../server/orders/publicTracking';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

describe('showsRiderPhone (unit)', () => {
  it.each([
    ['the default', FLAG_DEFAULTS.TrackingPageSettings, false],
    ['on', { showRiderPhone: true, showMap: true }, true],
    ['off', { showRiderPhone: false }, false],
    ['missing field', { showMap: true }, false],
    ['mistyped field', { showRiderPhone: 'yes' }, false],
    ['a scalar', true, false],
    ['a list', [true], false],
    ['absent', undefined, false],
  ])('%s', (_, variation, expected) => {
    expect(showsRiderPhone(variation)).toBe(expected);
  });
});

describe('GET /tracking/{orderId} and the rider phone', () => {
  let server: TestServer;
  let auth: string;
  let orderId: string;
  let token: string;
  let riderPhone: string;

  const setSettings = async (body: Record<string, unknown>) => {
    const response = await server.call('PUT', '/ops/flags/TrackingPageSettings', { body, headers: { authorization: `Ops ${server.opsToken}` } });
    expect(response.status, response.text).toBe(200);
  };
  const track = async () => {
    const response = await server.call('GET', `/tracking/${orderId}?t=${token}`);
    expect(response.status, response.text).toBe(200);
    return { text: response.text, view: resultOf<PublicTrackingView>(response.body) };
  };

  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
    auth = await server.login('vendor@example.com');
    orderId = await placeOrder(server, auth, SA_OLAYA);
    await moveOrder(server, orderId, 'PICKED_UP');
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    token = order.tracking_token ?? '';
    riderPhone = order.rider?.phone ?? '';
    // The vendor's own view has the rider's phone: what the public view must or must not repeat.
    expect(riderPhone).toMatch(/^\+\d{8,}$/);
  });
  afterAll(async () => { await server?.stop(); });

  it('by default the JSON carries no phone anywhere (privacy by default)', async () => {
    const { text, view } = await track();
    expect(view.rider?.first_name).toEqual(expect.any(String));
    expect(view.rider).not.toHaveProperty('phone');
    expect(text).not.toContain(riderPhone);
    expect(text).not.toContain(riderPhone.slice(1));
    expect(text).not.toMatch(/phone/i);
  });

  it('a variation for the deployment\'s brand adds rider.phone, and turning it off removes it', async () => {
    await setSettings({ variation: { showRiderPhone: true, showMap: true }, brand: server.config.brand });
    expect((await track()).view.rider?.phone).toBe(riderPhone);
    await setSettings({ variation: { showRiderPhone: false, showMap: true }, brand: server.config.brand });
    expect((await track()).text).not.toContain(riderPhone);
  });

  it('a variation for the vendor\'s country adds rider.phone; another country\'s does not', async () => {
    await setSettings({ variation: { showRiderPhone: true, showMap: true }, country: 'SG' });
    expect((await track()).view.rider).not.toHaveProperty('phone');
    await setSettings({ variation: { showRiderPhone: true, showMap: true }, country: 'SA' });
    expect((await track()).view.rider?.phone).toBe(riderPhone);
  });

  it('a vendor variation beats the country one, for that vendor only', async () => {
    await setSettings({ variation: { showRiderPhone: false, showMap: true }, vendor_id: SA_OLAYA });
    const { text, view } = await track();
    expect(view.rider).not.toHaveProperty('phone');
    expect(text).not.toContain(riderPhone);
    // Another outlet of the same country still follows the country variation.
    const parentOrder = await placeOrder(server, auth, SA_PARENT);
    await moveOrder(server, parentOrder, 'PICKED_UP');
    const parent = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${parentOrder}`, { auth })).body);
    const response = await server.call('GET', `/tracking/${parentOrder}?t=${parent.tracking_token ?? ''}`);
    expect(resultOf<PublicTrackingView>(response.body).rider?.phone).toBe(parent.rider?.phone);
  });

  it('with the phone on, a wrong token still gets the same 403 and no phone', async () => {
    await setSettings({ variation: { showRiderPhone: true }, vendor_id: SA_OLAYA });
    expect((await track()).view.rider?.phone).toBe(riderPhone);
    const wrongToken = await server.call('GET', `/tracking/${orderId}?t=${'A'.repeat(token.length)}`);
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.text).not.toContain(riderPhone);
  });
});
