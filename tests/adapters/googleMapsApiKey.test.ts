// GOOGLE_MAPS_API_KEY on the real server: GET /client-config hands it to the browser (null when unset),
// the CSP lets the page reach Google's Places API only when it is set, and the browser's loader reads
// it (asking once) or answers null when the server cannot be asked.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchGoogleMapsApiKey, lazyGoogleMapsApiKey } from '../../adapters/geolocator/googleMapsApiKey';
import { startServer, type TestServer } from '../server/harness';

const connectSources = (response: { headers: Headers }) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src')
    ?.slice(1) ?? [];

describe('a server with GOOGLE_MAPS_API_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ GOOGLE_MAPS_API_KEY: 'test-key' });
  });
  afterAll(async () => server?.stop());

  it('passes the key to the browser through /client-config', async () => {
    const response = await server.call('GET', `${server.baseUrl}/client-config`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ google_maps_api_key: 'test-key' });
    await expect(fetchGoogleMapsApiKey(server.baseUrl)).resolves.toBe('test-key');
  });

  it('lets the page call Google’s Places API', async () => {
    const response = await server.call('GET', '/healthz');
    expect(connectSources(response)).toContain('https://places.googleapis.com');
  });
});

describe('a server without GOOGLE_MAPS_API_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it('answers a null key, and the browser reads none', async () => {
    const response = await server.call('GET', `${server.baseUrl}/client-config`);
    expect(response.body).toMatchObject({ google_maps_api_key: null });
    await expect(fetchGoogleMapsApiKey(server.baseUrl)).resolves.toBeNull();
  });

  it('keeps Google out of connect-src', async () => {
    const response = await server.call('GET', '/healthz');
    expect(connectSources(response)).not.toContain('https://places.googleapis.com');
  });
});

describe('the browser’s key loader', () => {
  it('answers null when the server cannot be asked', async () => {
    await expect(fetchGoogleMapsApiKey('http://127.0.0.1:9')).resolves.toBeNull();
  });

  it('asks once, however many fields search', async () => {
    const load = vi.fn(async () => 'test-key');
    const key = lazyGoogleMapsApiKey(load);
    await Promise.all([key(), key(), key()]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
