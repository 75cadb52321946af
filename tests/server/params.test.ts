// GET /get-country-parameter/{name}?vendor_id= with per-country and per-vendor overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
beforeAll(async () => {
  server = await startServer({}, {}, { listen: false });
  vendorAuth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const parameter = async (name: string, vendorId: string, auth = vendorAuth) =>
  server.call('GET', `/get-country-parameter/${name}?vendor_id=${vendorId}`, { auth });
const valueOf = async (name: string, vendorId: string) => ((await parameter(name, vendorId)).body as { result: string }).result;
const ops = (path: string, body: unknown) => server.call('PUT', path, { auth: `Ops ${server.opsToken}`, body });

describe('country parameters', () => {
  it('answers every parameter as a string with the seeded SA values and defaults', async () => {
    expect(await valueOf('serviceHours', DEMO_VENDORS.saOlaya)).toBe('0000:0000');
    expect(await valueOf('serviceHours', DEMO_VENDORS.saMalazNightClosed)).toBe('0800:2000');
    expect(await valueOf('onlinePaymentActivated', DEMO_VENDORS.saOlaya)).toBe('true');
    expect(await valueOf('orderItemValueExceedLimit', DEMO_VENDORS.saOlaya)).toBe('1000');
    expect(await valueOf('paymentMethods', DEMO_VENDORS.saOlaya)).toBe('CASH_ON_DELIVERY|ONLINE_PAYMENT|PAID');
    expect(await valueOf('allOutletOrders', DEMO_VENDORS.saParent)).toBe('true');
  });

  it('a vendor override beats the country value, which beats the global one', async () => {
    await ops('/ops/country-parameters/orderItemValueExceedLimit', { value: '50' });
    expect(await valueOf('orderItemValueExceedLimit', DEMO_VENDORS.saOlaya)).toBe('1000');
    await ops('/ops/country-parameters/orderItemValueExceedLimit', { value: '250', vendor_id: DEMO_VENDORS.saOlaya });
    expect(await valueOf('orderItemValueExceedLimit', DEMO_VENDORS.saOlaya)).toBe('250');
    expect(await valueOf('orderItemValueExceedLimit', DEMO_VENDORS.saDiriyah)).toBe('1000');
  });

  it('refuses an unknown name (400), a missing vendor_id (400), a foreign vendor (403) and no credentials (401)', async () => {
    expect((await parameter('nope', DEMO_VENDORS.saOlaya)).status).toBe(400);
    expect((await server.call('GET', '/get-country-parameter/serviceHours', { auth: vendorAuth })).status).toBe(400);
    expect((await parameter('serviceHours', DEMO_VENDORS.kuwait)).status).toBe(403);
    expect((await server.call('GET', `/get-country-parameter/serviceHours?vendor_id=${DEMO_VENDORS.saOlaya}`)).status).toBe(401);
  });

  it('ops refuses a malformed service-hours setting', async () => {
    const response = await ops('/ops/country-parameters/serviceHours', { value: '2500:0100', country: 'SA' });
    expect(response.status).toBe(422);
    expect(await valueOf('serviceHours', DEMO_VENDORS.saOlaya)).toBe('0000:0000');
  });
});
