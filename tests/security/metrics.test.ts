// GET /metrics names routes, volumes and queue depths: only operators read it (the Ops token, or
// METRICS_TOKEN as a bearer token for a scraper). Anyone else gets 401 in API.md's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/harness';
import { isApiErrorBody } from './support';

let server: TestServer;
beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0', METRICS_TOKEN: 'scrape-secret-1' }, {}, { listen: false }); });
afterAll(async () => { await server?.stop(); });

describe('GET /metrics', () => {
  it('refuses the public, a signed-in vendor, a guessed token and the metrics token under the wrong scheme', async () => {
    const vendor = await server.login('vendor@example.com');
    for (const auth of [undefined, vendor, 'Ops wrong', 'Bearer wrong', `Bearer ${server.opsToken}`, 'Ops scrape-secret-1']) {
      const answer = await server.call('GET', '/metrics', auth === undefined ? {} : { auth });
      expect(answer.status, String(auth)).toBe(401);
      expect(isApiErrorBody(answer.body, 401)).toBe(true);
      expect(answer.text).not.toContain('portal_http_requests_total');
    }
  });

  it('serves the Ops token and the METRICS_TOKEN bearer', async () => {
    for (const auth of [`Ops ${server.opsToken}`, 'Bearer scrape-secret-1', 'bearer  scrape-secret-1']) {
      const answer = await server.call('GET', '/metrics', { auth });
      expect(answer.status, auth).toBe(200);
      expect(answer.text).toContain('# TYPE portal_http_requests_total counter');
    }
  });
});
