// @vitest-environment jsdom
// The composition the web app uses, end to end against a loopback server: one configuration, every
// adapter talking to the same origin with the same credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig } from '../../domain/countries';
import { createServices } from '../../src/app/services';
import { writeGuestSession } from '../../adapters/storage/sessionStorage';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer();
  server.respond((request) => {
    if (request.url.pathname === '/orders/api/v1/vendors') return { status: 200, json: { result: { vendors: [] } } };
    if (request.url.pathname === '/locales/en.json') return { status: 200, json: { hello: 'Hello' } };
    return { status: 404, json: { status: 404, message: 'not-found', errors: [] } };
  });
});
afterAll(() => server.close());

describe('createServices (the app\'s one composition of adapters)', () => {
  it('wires storage, API and translations on the app origin', async () => {
    const adapters = createServices({ brand: 'HUNGER_STATION', country: countryConfig('SA'), development: false }, { VITE_ENVIRONMENT: 'stg' }, server.origin);
    writeGuestSession(adapters.storage, { token: 'g-1', expires: adapters.clock.nowUnix() + 60 });
    expect(localStorage.getItem('portal.guest-token')).toContain('g-1');

    await expect(adapters.api.getVendors()).resolves.toEqual([]);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer g-1');

    await expect(adapters.translations.load('ar-SA')).resolves.toEqual({ locale: 'en', messages: { hello: 'Hello' } });
  });
});
