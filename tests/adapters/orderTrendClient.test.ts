// The ApiClient's trend call (server/README.md, GET /vendor/{id}/orders/trend) against a loopback server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());

describe('getOrderTrend', () => {
  it('asks for the period and outlets, and answers the days in the domain\'s spelling', async () => {
    server.answer({
      status: 200,
      json: { result: { time_zone: 'Asia/Dubai', days: [{ date: '2026-03-09', delivered: 2, cancelled: 1, in_progress: 3, total: 6 }] } },
    });
    const client = createHttpApiClient({ origin: server.origin, storage: createMemoryStorage(), clock: createFixedClock(1_800_000_000), sleep: async () => undefined });
    const trend = await client.getOrderTrend('SA 1', { from: 10, to: 20, include_outlets: true });
    expect(trend).toEqual({ timeZone: 'Asia/Dubai', days: [{ date: '2026-03-09', delivered: 2, cancelled: 1, inProgress: 3, total: 6 }] });
    const url = server.requests[0]?.url;
    expect(url?.pathname).toBe('/orders/api/v1/vendor/SA%201/orders/trend');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ from: '10', to: '20', include_outlets: 'true' });
  });
});

describe('getInsights', () => {
  it('asks for the vendor\'s insights with the period and outlets, and answers them as sent', async () => {
    const insights = { time_zone: 'Asia/Dubai', currency: 'SAR', from: 10, to: 20, totals: { orders: 0, delivered: 0, returned: 0, cancelled: 0, in_progress: 0 } };
    server.answer({ status: 200, json: { result: insights } });
    const client = createHttpApiClient({ origin: server.origin, storage: createMemoryStorage(), clock: createFixedClock(1_800_000_000), sleep: async () => undefined });
    expect(await client.getInsights('SA 1', { from: 10, to: 20, include_outlets: true })).toEqual(insights);
    const url = server.requests.at(-1)?.url;
    expect(url?.pathname).toBe('/orders/api/v1/vendor/SA%201/insights');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ from: '10', to: '20', include_outlets: 'true' });
  });
});
