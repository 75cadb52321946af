// A parallel burst of logins cannot buy more password checks than the throttle allows: the attempt
// is reserved (check and count in one statement) before the password is looked at, on SQLite in one
// process and on PostgreSQL with two processes sharing the budget. Each answer that is not a 429 is
// one password check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_IP } from '../../server/auth/loginThrottle';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { startServer, type TestServer } from '../server/harness';
import { testDatabaseUrl } from '../server/pg-database';
import { startTwoProcesses, type TwoProcesses } from '../server/two-processes';
import { figure } from './support';

const BURST = 30;
/** The right password sits 21st in the burst, as in the attack that got through. */
const RIGHT_AT = 20;
const ALLOWED = LOGIN_FAILURES_PER_ACCOUNT_AND_IP.limit;

async function burst(apis: string[], email: string): Promise<number[]> {
  return Promise.all(Array.from({ length: BURST }, async (_, i) => {
    const password = i === RIGHT_AT ? DEMO_PASSWORD : `Wrong!pass${i}`;
    const response = await fetch(`${apis[i % apis.length]}/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: email, password }),
    });
    await response.arrayBuffer();
    return response.status;
  }));
}

const checked = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe('a parallel login burst from one IP (SQLite, one process)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: false }); });
  afterAll(async () => { await server?.stop(); });

  it(`checks at most ${ALLOWED} passwords per window, and refuses the rest with 429`, async () => {
    const statuses = await burst([server.api], 'vendor@example.com');
    figure('login burst (SQLite): password checks of 30 parallel attempts', String(checked(statuses)));
    expect(checked(statuses)).toBeLessThanOrEqual(ALLOWED);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(BURST - ALLOWED);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
  });

  it('reserves places atomically: 30 parallel reservations of a 5-place window take exactly 5', async () => {
    const rule = { limit: 5, windowS: 900 };
    const now = Math.floor(Date.now() / 1000);
    const decisions = await Promise.all(Array.from({ length: 30 }, () => server.app.rateLimiter.reserve('test:burst', rule, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    await server.app.rateLimiter.release('test:burst', rule, now);
    expect((await server.app.rateLimiter.reserve('test:burst', rule, now)).allowed).toBe(true);
    expect((await server.app.rateLimiter.reserve('test:burst', rule, now)).allowed).toBe(false);
  });
});

const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('a parallel login burst split over two processes on PostgreSQL', () => {
  let cluster: TwoProcesses;
  beforeAll(async () => { cluster = await startTwoProcesses(adminUrl ?? ''); }, 60_000);
  afterAll(async () => {
    await cluster?.b.stop();
    await cluster?.a.kill();
    await cluster?.database.drop();
  });

  it(`checks at most ${ALLOWED} passwords per window across both processes`, async () => {
    const statuses = await burst([cluster.a.api, cluster.b.api], 'other@example.com');
    figure('login burst (PostgreSQL, two processes): password checks of 30 parallel attempts', String(checked(statuses)));
    expect(checked(statuses)).toBeLessThanOrEqual(ALLOWED);
  });
});
