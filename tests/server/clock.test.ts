// The server clock (server/clock/clock.ts): CLOCK_OFFSET_S and POST /ops/clock move every rule
// that reads "now" at once, so tests move time instead of sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../server/clock/clock';
import { loadConfig } from '../../server/config';
import { startServer, type TestServer } from './harness';
import { quoteFee, SA_OLAYA } from './orders-fixtures';

const DAY_S = 24 * 3600;

describe('createClock', () => {
  it('runs the system clock moved by its offset, and the offset can change', () => {
    let systemMs = 1_800_000_000_500;
    const clock = createClock(60, () => systemMs);
    expect(clock.nowMs()).toBe(1_800_000_060_500);
    expect(clock.nowS()).toBe(1_800_000_060);
    clock.setOffsetS(-3600);
    systemMs += 1000;
    expect(clock.nowS()).toBe(1_800_000_001 - 3600);
    expect(clock.offsetS()).toBe(-3600);
  });

  it('reads CLOCK_OFFSET_S, negative too, and refuses a non-number', () => {
    expect(loadConfig({ DATA_DIR: 'data', CLOCK_OFFSET_S: '-86400' }).clockOffsetS).toBe(-86_400);
    expect(loadConfig({ DATA_DIR: 'data' }).clockOffsetS).toBe(0);
    expect(() => loadConfig({ DATA_DIR: 'data', CLOCK_OFFSET_S: 'tomorrow' })).toThrow(/CLOCK_OFFSET_S/);
  });
});

describe('POST /ops/clock', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }); });
  afterAll(async () => { await server?.stop(); });

  const moveClock = (offsetS: unknown, token: string | null = server.opsToken) =>
    server.call('POST', '/ops/clock', { ...(token ? { auth: `Ops ${token}` } : {}), body: { offset_s: offsetS } });

  it('moves what the server signs and checks: fee expiry and token lifetime follow the moved clock', async () => {
    const auth = await server.login('vendor@example.com');
    const before = await quoteFee(server, auth, SA_OLAYA);
    const moved = await moveClock(DAY_S);
    expect(moved.status).toBe(200);
    const { offset_s: offset, now } = (moved.body as { result: { offset_s: number; now: number } }).result;
    expect(offset).toBe(DAY_S);
    expect(now - before.expires_at).toBeGreaterThan(DAY_S - 3600);
    // The access token of an hour's life, issued a (server) day ago, has expired.
    expect((await server.call('GET', '/vendors', { auth })).status).toBe(401);
    const fresh = await server.login('vendor@example.com');
    const after = await quoteFee(server, fresh, SA_OLAYA);
    expect(after.expires_at - before.expires_at).toBeGreaterThanOrEqual(DAY_S);
    expect((await moveClock(0)).status).toBe(200);
    expect((await server.call('GET', '/vendors', { auth })).status).toBe(200);
  });

  it('needs the ops token and an offset of at most a week either way', async () => {
    expect((await moveClock(60, null)).status).toBe(401);
    expect((await moveClock(8 * DAY_S)).status).toBe(400);
    expect((await moveClock('tomorrow')).status).toBe(400);
    expect(server.app.clock.offsetS()).toBe(0);
  });
});
