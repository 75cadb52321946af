// The flag service and its fallback file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { FLAG_DEFAULTS } from '../../server/flags/flag-defaults';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startServer({}, {}, { listen: false }); });
afterAll(async () => { await server?.stop(); });

type Flags = Record<string, unknown>;
const flags = async (query: string, auth?: string) =>
  ((await server.call('GET', `/flags${query}`, auth ? { auth } : {})).body as { flags: Flags }).flags;
const setFlag = (name: string, body: unknown) => server.call('PUT', `/ops/flags/${name}`, { auth: `Ops ${server.opsToken}`, body });

describe('GET /flags', () => {
  it('answers every flag of SPEC §6 with its default, the named ones included', async () => {
    const answer = await flags('?country=SA&brand=HUNGER_STATION');
    expect(answer).toEqual(FLAG_DEFAULTS);
    for (const name of ['Helpcenter', 'BulkOrderUpload', 'EditVendorOutlet', 'AddVendorOutlet', 'DeactivateSignUpButton',
      'PlannedMaintenance', 'UnplannedMaintenance', 'DelayedCancellation', 'DynamicTimeEstimation']) {
      expect(answer).toHaveProperty(name);
    }
    expect(answer.BulkOrderUpload).toBe(true);
    expect(answer.Helpcenter).toBe(true);
  });

  it('varies per country, brand and vendor, the most specific winning', async () => {
    await setFlag('DelayedCancellation', { variation: true, country: 'SG' });
    await setFlag('PlannedMaintenance', { variation: true, brand: 'TALABAT' });
    await setFlag('DualPricing', { variation: true, country: 'SA' });
    await setFlag('DualPricing', { variation: false, vendor_id: DEMO_VENDORS.saOlaya });
    expect((await flags('?country=SG')).DelayedCancellation).toBe(true);
    expect((await flags('?country=SA')).DelayedCancellation).toBe(false);
    expect((await flags('?country=KW&brand=TALABAT')).PlannedMaintenance).toBe(true);
    expect((await flags('?country=SA&brand=HUNGER_STATION')).PlannedMaintenance).toBe(false);
    const vendorAuth = await server.login('vendor@example.com');
    expect((await flags('?country=SA')).DualPricing).toBe(true);
    expect((await flags(`?country=SA&vendor_id=${DEMO_VENDORS.saOlaya}`, vendorAuth)).DualPricing).toBe(false);
    expect((await flags(`?country=SA&vendor_id=${DEMO_VENDORS.saDiriyah}`, vendorAuth)).DualPricing).toBe(true);
  });

  it('keeps vendor-scoped variations to callers who reach the vendor', async () => {
    const otherAuth = await server.login('other@example.com');
    expect((await server.call('GET', `/flags?vendor_id=${DEMO_VENDORS.saOlaya}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/flags?vendor_id=${DEMO_VENDORS.saOlaya}`)).status).toBe(401);
  });

  it('ops answers 404 for an unknown flag and 401 without the ops token', async () => {
    expect((await setFlag('NoSuchFlag', { variation: true })).status).toBe(404);
    expect((await server.call('PUT', '/ops/flags/Helpcenter', { body: { variation: false } })).status).toBe(401);
  });
});

describe('GET /flags.json', () => {
  it('serves public/flags.json, which holds the same defaults as the service', async () => {
    const response = await server.call('GET', '/flags.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(FLAG_DEFAULTS);
    expect(JSON.parse(readFileSync('public/flags.json', 'utf8'))).toEqual(FLAG_DEFAULTS);
  });
});
