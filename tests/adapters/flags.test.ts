// Flags through OpenFeature: provider order from config with the file last, the 2 s timeout, and
// SPEC.md §6's fallback values when every provider fails.
import { OpenFeature } from '@openfeature/web-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_FLAGS } from '../../adapters/flags/fallbackFlags';
import { fileFlagSource, serverFlagSource, type FlagSource } from '../../adapters/flags/flagSources';
import { createFlagProvider } from '../../adapters/flags/openFeatureFlags';
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

describe('flag provider', () => {
  it('asks the flag service with the context and uses its answer', async () => {
    flagServer('up', 'up');
    const flags = createFlagProvider({ order: ['server'], sources: sources(), domain: nextDomain() });
    const snapshot = await flags.load(context);
    expect(snapshot).toEqual({ source: 'server', flags: { BulkOrderUpload: true, Helpcenter: false } });
    const query = Object.fromEntries(server.requests[0]?.url.searchParams ?? []);
    expect(query).toEqual({ country: 'SA', brand: 'HUNGER_STATION', vendor_id: 'SA-1' });
    expect(server.requests.some((request) => request.url.pathname === '/flags.json')).toBe(false);
  });

  it('falls back to /flags.json when the flag service fails, without retrying it', async () => {
    flagServer('down', 'up');
    const flags = createFlagProvider({ order: ['server'], sources: sources(), domain: nextDomain() });
    const snapshot = await flags.load(context);
    expect(snapshot).toEqual({ source: 'file', flags: { BulkOrderUpload: false, PlannedMaintenance: true } });
    expect(server.requests.filter((request) => request.url.pathname === '/orders/api/v1/flags')).toHaveLength(1);
  });

  it('keeps the fallback file last whatever the configured order', async () => {
    flagServer('up', 'up');
    const flags = createFlagProvider({ order: ['file', 'server'], sources: sources(), domain: nextDomain() });
    expect((await flags.load(context)).source).toBe('server');
  });

  it('serves SPEC.md §6 values when every provider fails', async () => {
    flagServer('down', 'down');
    const domain = nextDomain();
    const flags = createFlagProvider({ order: ['server'], sources: sources(), domain });
    const snapshot = await flags.load(context);
    expect(snapshot.source).toBe('fallback');
    expect(snapshot.flags).toEqual({ PlannedMaintenance: false, UnplannedMaintenance: false, GoogleAutocomplete: false, Helpcenter: true });
    expect(snapshot.flags).toEqual(FALLBACK_FLAGS);
    // The same values through OpenFeature's client.
    const client = OpenFeature.getClient(domain);
    expect(client.getBooleanValue('Helpcenter', false)).toBe(true);
    expect(client.getBooleanValue('PlannedMaintenance', true)).toBe(false);
  });

  it('gives the flag service 2 s at most (here shortened) before the file answers', async () => {
    flagServer('down', 'up');
    const hangingService: Pick<ApiClient, 'getFlags'> = {
      getFlags: (_context, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true })),
    };
    const flags = createFlagProvider({
      order: ['server'],
      sources: [serverFlagSource(hangingService, 50), fileFlagSource(server.origin)],
      domain: nextDomain(),
    });
    const started = Date.now();
    expect((await flags.load(context)).source).toBe('file');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refetches on every load and on a context change, evaluating through OpenFeature', async () => {
    flagServer('up', 'up');
    const domain = nextDomain();
    const flags = createFlagProvider({ order: ['server'], sources: sources(), domain });
    await flags.load(context);
    await flags.load(context);
    await flags.load({ ...context, vendorId: 'SA-2' });
    const flagCalls = server.requests.filter((request) => request.url.pathname === '/orders/api/v1/flags');
    expect(flagCalls.map((request) => request.url.searchParams.get('vendor_id'))).toEqual(['SA-1', 'SA-1', 'SA-2']);
    const client = OpenFeature.getClient(domain);
    expect(client.getBooleanValue('BulkOrderUpload', false)).toBe(true);
    expect(client.getBooleanDetails('Unknown', true)).toMatchObject({ value: true, errorCode: 'FLAG_NOT_FOUND' });
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
    const domain = nextDomain();
    const flags = createFlagProvider({ order: ['server'], sources: sources(), domain });
    const snapshot = await flags.load(context);
    expect(snapshot.flags).toEqual({ TrackingPageSettings: settings, Zones: ['a', 'b'], Helpcenter: true });
    const client = OpenFeature.getClient(domain);
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
