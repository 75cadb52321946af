// The app-origin JSON files on the platform fetch (adapters/http/getJson.ts): retried on a network
// failure or a 5xx, never on a 4xx, and stopped by its timeout.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, HttpStatusError } from '../../adapters/http/getJson';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('getJson', () => {
  it('answers the parsed document, asking for JSON', async () => {
    server.answer({ status: 200, json: { en: 'Hello' } });
    await expect(getJson(`${server.origin}/locales/en.json`)).resolves.toEqual({ en: 'Hello' });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
  });

  it('tries again after a dropped connection or a 503, as many times as asked', async () => {
    server.answer('drop', { status: 503, json: {} }, { status: 200, json: { ok: true } });
    await expect(getJson(`${server.origin}/flags.json`, { retries: 2 })).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  it('does not try a 404 again, and says its status', async () => {
    server.answer({ status: 404, json: { message: 'not-found' } });
    const failure = await getJson(`${server.origin}/locales/xx.json`, { retries: 2 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpStatusError);
    expect(failure).toMatchObject({ status: 404, body: { message: 'not-found' } });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects an answer that is not JSON', async () => {
    server.answer({ status: 200, body: '<!doctype html>', headers: { 'Content-Type': 'text/html' } });
    await expect(getJson(`${server.origin}/client-config`, { retries: 2 })).rejects.toBeInstanceOf(SyntaxError);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up an attempt after its timeout', async () => {
    // A fetch that never answers until aborted: only the timeout can end it.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const failure = await getJson('http://app.example/flags.json', { timeoutMs: 20, fetch: hanging }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
  });
});
