// The browser's API client, split per area (adapters/http/lazyApiClient.ts): the same port as the
// client with every area at once, each area's module answering exactly the calls listed for it, and
// an area's code loaded on its first call, once, and again after a failed load.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import { ApiError, OFFLINE_KEY } from '../../adapters/http/apiError';
import { ACCOUNT_CALLS, LAZY_API_AREAS, type LazyApiArea } from '../../adapters/http/calls/apiAreas';
import { accountCalls } from '../../adapters/http/calls/accountCalls';
import { createCallHelpers, type HttpApiClientOptions } from '../../adapters/http/calls/callHelpers';
import { AREA_MODULES, createLazyHttpApiClient, type AreaModules } from '../../adapters/http/lazyApiClient';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
let options: HttpApiClientOptions;

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  options = { origin: server.origin, storage: createMemoryStorage(), clock: createFixedClock(1_800_000_000), sleep: async () => undefined };
});

const vendor = { vendor_id: 'SA-1', name: 'Riyadh' };

/** The real area modules, counting how often each is loaded; `failFirst` areas fail their first load. */
function countingModules(failFirst: readonly LazyApiArea[] = []) {
  const real = AREA_MODULES;
  const loads: Partial<Record<LazyApiArea, number>> = {};
  const modules = Object.fromEntries(
    (Object.keys(real) as LazyApiArea[]).map((area) => [
      area,
      async () => {
        loads[area] = (loads[area] ?? 0) + 1;
        if (failFirst.includes(area) && loads[area] === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return real[area]();
      },
    ]),
  ) as AreaModules;
  return { modules, loads };
}

describe('the API client split per area', () => {
  it('has every call of the client with all areas, and nothing else', () => {
    const lazy = createLazyHttpApiClient(options);
    const eager = createHttpApiClient(options);
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(eager).sort());
  });

  it('each area module builds exactly the calls listed for its area', async () => {
    const modules = AREA_MODULES;
    const helpers = createCallHelpers(options);
    expect(Object.keys(accountCalls(helpers)).sort()).toEqual([...ACCOUNT_CALLS].sort());
    for (const area of Object.keys(LAZY_API_AREAS) as LazyApiArea[]) {
      const build = await modules[area]();
      expect(Object.keys(build(helpers)).sort(), area).toEqual([...LAZY_API_AREAS[area]].sort());
    }
  });

  it('loads no area for the account calls, and an area once for all its callers', async () => {
    const { modules, loads } = countingModules();
    const client = createLazyHttpApiClient(options, modules);
    server.respond((request) =>
      request.url.pathname.endsWith('/login')
        ? { status: 200, json: { result: { user: { email: 'a@b.c' }, AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: 1 } } }
        : { status: 200, json: { result: request.url.pathname.endsWith('/vendors') ? { vendors: [vendor] } : vendor } },
    );

    await client.login('a@b.c', 'secret');
    expect(loads).toEqual({});

    const [vendors, one] = await Promise.all([client.getVendors(), client.getVendor('SA-1')]);
    expect(vendors).toEqual([vendor]);
    expect(one).toEqual(vendor);
    await client.getVendors();
    expect(loads).toEqual({ vendors: 1 });
    expect(server.requests.map((request) => request.url.pathname)).toEqual([
      '/orders/api/v1/login',
      '/orders/api/v1/vendors',
      '/orders/api/v1/vendor/SA-1',
      '/orders/api/v1/vendors',
    ]);
  });

  it('answers the offline error when an area fails to load, and loads it again on the next call', async () => {
    const { modules, loads } = countingModules(['team']);
    const client = createLazyHttpApiClient(options, modules);
    server.answer({ status: 200, json: { result: { members: [], invitations: [] } } });

    const failure = await client.getTeam('SA-1').then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).translationKey).toBe(OFFLINE_KEY);
    expect(server.requests).toEqual([]);

    await expect(client.getTeam('SA-1')).resolves.toEqual({ members: [], invitations: [] });
    expect(loads).toEqual({ team: 2 });
  });
});
