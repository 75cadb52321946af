// Where flags come from (the flag service, /flags.json; the file always last; 2 s each) and the
// OpenFeature provider views evaluate them through. The flow between sources (timeouts, fallback,
// polling) is the featureFlags machine's, tested in tests/machines.
import { ProviderEvents } from '@openfeature/web-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_FLAGS } from '../../adapters/flags/fallbackFlags';
import { fileFlagSource, orderFlagSources, serverFlagSource, type FlagSource } from '../../adapters/flags/flagSources';
import { createFlagClient } from '../../adapters/flags/openFeatureFlags';
import { createFixedClock } from '../../adapters/clock';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import type { ApiClient, FlagContext } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
let api: ApiClient;
let domainCount = 0;
const context: FlagContext = { country: 'SA', brand: 'HUNGER_STATION', vendorId: 'SA-1' };
const nextDomain = () => `flags-test-${++domainCount}`;

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  api = createHttpApiClient({ origin: server.origin, storage: createMemoryStorage(), clock: createFixedClock(0), sleep: async () => undefined });
});

const flagServer = (service: 'up' | 'down', file: 'up' | 'down') =>
  server.respond((request) => {
    if (request.url.pathname === '/orders/api/v1/flags') {
      return service === 'up' ? { status: 200, json: { flags: { BulkOrderUpload: true, Helpcenter: false } } } : 'drop';
    }
    if (request.url.pathname === '/flags.json') {
      return file === 'up' ? { status: 200, json: { BulkOrderUpload: false, PlannedMaintenance: true } } : { status: 404, body: '' };
    }
    return { status: 404, body: '' };
  });

const sources = (): FlagSource[] => [serverFlagSource(api), fileFlagSource(server.origin)];

describe('flag sources', () => {
  it('asks the flag service with the context and keeps its map', async () => {
    flagServer('up', 'up');
    expect(await serverFlagSource(api).fetchFlags(context)).toEqual({ BulkOrderUpload: true, Helpcenter: false });
    const query = Object.fromEntries(server.requests[0]?.url.searchParams ?? []);
    expect(query).toEqual({ country: 'SA', brand: 'HUNGER_STATION', vendor_id: 'SA-1' });
  });

  it('reads /flags.json on the app origin, and fails when it is missing', async () => {
    flagServer('down', 'up');
    expect(await fileFlagSource(server.origin).fetchFlags(context)).toEqual({ BulkOrderUpload: false, PlannedMaintenance: true });
    flagServer('down', 'down');
    await expect(fileFlagSource(server.origin).fetchFlags(context)).rejects.toThrow();
  });

  it('keeps the fallback file last whatever the configured order', () => {
    expect(orderFlagSources(sources(), ['file', 'server']).map((source) => source.name)).toEqual(['server', 'file']);
    expect(orderFlagSources(sources(), []).map((source) => source.name)).toEqual(['file']);
  });

  it('gives the flag service 2 s at most (here shortened)', async () => {
    const hangingService: Pick<ApiClient, 'getFlags'> = {
      getFlags: (_context, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true })),
    };
    await expect(serverFlagSource(hangingService, 50).fetchFlags(context)).rejects.toThrow();
  });
});

describe('the OpenFeature provider the app evaluates through', () => {
  it('answers SPEC.md §6 fallback values until the machine publishes, then the published map', () => {
    const { provider, client } = createFlagClient(nextDomain());
    expect(client.getBooleanDetails('Helpcenter', false)).toMatchObject({ value: true, reason: 'DEFAULT' });
    expect(client.getBooleanValue('PlannedMaintenance', true)).toBe(false);
    expect(provider.snapshot()).toEqual({ source: 'fallback', flags: FALLBACK_FLAGS });

    provider.publish({ source: 'server', flags: { BulkOrderUpload: true, Helpcenter: false } });
    expect(client.getBooleanDetails('BulkOrderUpload', false)).toMatchObject({ value: true, reason: 'STATIC' });
    expect(client.getBooleanValue('Helpcenter', true)).toBe(false);
    expect(client.getBooleanDetails('PlannedMaintenance', true)).toMatchObject({ value: true, errorCode: 'FLAG_NOT_FOUND' });
  });

  it('tells OpenFeature handlers which flags a publication changed, and stays quiet when none did', () => {
    const { provider, client } = createFlagClient(nextDomain(), { source: 'server', flags: { Voucher: false, PreOrder: true } });
    const changes: (string[] | undefined)[] = [];
    client.addHandler(ProviderEvents.ConfigurationChanged, (details) => changes.push(details?.flagsChanged));
    provider.publish({ source: 'server', flags: { Voucher: true, PreOrder: true } });
    provider.publish({ source: 'server', flags: { Voucher: true, PreOrder: true } });
    provider.publish({ source: 'file', flags: { Voucher: true } });
    expect(changes).toEqual([['Voucher'], ['PreOrder']]);
  });

  it("reads the words 'true'/'on' and 'false'/'off' of flag files as booleans; other strings are not", () => {
    const { client } = createFlagClient(nextDomain(), { source: 'file', flags: { A: 'true', B: 'on', C: 'off', D: 'False', E: 'yes' } });
    expect(['A', 'B', 'C', 'D'].map((name) => client.getBooleanValue(name, name === 'C' || name === 'D'))).toEqual([true, true, false, false]);
    expect(client.getBooleanDetails('E', false)).toMatchObject({ value: false, errorCode: 'TYPE_MISMATCH' });
    expect(client.getStringValue('E', '')).toBe('yes');
  });
});

describe('object (JSON) flag values', () => {
  const settings = { showRiderPhone: false, showMap: true };

  it('carries an object variation from the flag service to OpenFeature and drops what is not JSON-like', async () => {
    server.respond((request) =>
      request.url.pathname === '/orders/api/v1/flags'
        ? { status: 200, json: { flags: { TrackingPageSettings: settings, Zones: ['a', 'b'], Helpcenter: true, Unset: null } } }
        : { status: 404, body: '' },
    );
    const answered = await serverFlagSource(api).fetchFlags(context);
    expect(answered).toEqual({ TrackingPageSettings: settings, Zones: ['a', 'b'], Helpcenter: true });
    const { client } = createFlagClient(nextDomain(), { source: 'server', flags: answered });
    expect(client.getObjectValue('TrackingPageSettings', { showRiderPhone: true, showMap: true })).toEqual(settings);
    // An object is not a boolean, and a boolean is not an object: each falls to the call-site default.
    expect(client.getBooleanDetails('TrackingPageSettings', true)).toMatchObject({ value: true, errorCode: 'TYPE_MISMATCH' });
    expect(client.getObjectDetails('Helpcenter', {})).toMatchObject({ value: {}, errorCode: 'TYPE_MISMATCH' });
  });

  it('reads object variations from the fallback file too', async () => {
    server.respond((request) =>
      request.url.pathname === '/flags.json' ? { status: 200, json: { TrackingPageSettings: settings, Broken: { at: undefined } } } : { status: 404, body: '' },
    );
    const flags = await fileFlagSource(server.origin).fetchFlags(context);
    // JSON drops the undefined field, so Broken arrives as an empty object: still a JSON object.
    expect(flags).toEqual({ TrackingPageSettings: settings, Broken: {} });
  });

  it('keeps only JSON values inside an object answered in-process', async () => {
    const inProcess: Pick<ApiClient, 'getFlags'> = {
      getFlags: async () => ({ Good: { nested: [1, 'two', null, { ok: true }] }, Bad: { when: new Date(0) } as never, Infinite: Number.POSITIVE_INFINITY }),
    };
    expect(await serverFlagSource(inProcess).fetchFlags(context)).toEqual({ Good: { nested: [1, 'two', null, { ok: true }] } });
  });
});
