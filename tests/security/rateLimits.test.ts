// Rate limits (issue 12): at twice a limit, every 429 carries Retry-After and nothing answers 5xx
// (the per-caller API budget of server/http/tenantQuota.ts, guest sessions, login failures), and a
// vendor flooding over real connections is throttled while another vendor is served. How much the
// flood moves the other vendor's latency is a figure of `npm run bench:limits` (wall-clock on a
// shared CI machine is not a test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenBuckets } from '../../server/http/tenantQuota';
import { signedInPair, startServer, type TestServer } from '../server/harness';
import { figure, inject, isApiErrorBody, SERVICE, type Answer } from './support';

describe('token buckets (simulated clock)', () => {
  it('allows the burst, then the rate, and says when the next token comes', () => {
    let now = 1000;
    const buckets = createTokenBuckets({ ratePerS: 10, burst: 5 }, () => now);
    const first = Array.from({ length: 7 }, () => buckets.take('a'));
    expect(first.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(first[5]?.retryAfterS).toBeCloseTo(0.1);
    expect(buckets.take('b').allowed).toBe(true); // another caller is untouched
    now += 0.1;
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    now += 60;
    expect(Array.from({ length: 6 }, () => buckets.take('a').allowed)).toEqual([true, true, true, true, true, false]);
  });
});

/**
 * A small budget, so "twice the budget" is reached quickly whatever the machine's speed, with a slow
 * refill: what refills while a flood is answered (seconds on a loaded machine) stays small next to the burst.
 */
const SMALL_BUDGET = { ratePerS: 1, burst: 20 };

let server: TestServer;
/** Without the per-caller budget: the guest-session and login limits are the subject there. */
let unbudgeted: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0', TRUST_PROXY: '1' }, { tenantQuota: SMALL_BUDGET }));
  unbudgeted = await startServer({ COURIER_SIM_SPEED: '0', TRUST_PROXY: '1' }, { tenantQuota: false });
});
afterAll(async () => {
  await server?.stop();
  await unbudgeted?.stop();
});

function tally(answers: Answer[]): { limited: number; withRetryAfter: number; shaped: number; faults: number } {
  const limited = answers.filter((a) => a.status === 429);
  return {
    limited: limited.length,
    withRetryAfter: limited.filter((a) => Number(a.headers['retry-after']) >= 1).length,
    shaped: limited.filter((a) => isApiErrorBody(a.body, 429)).length,
    faults: answers.filter((a) => a.status >= 500).length,
  };
}

describe('at twice the limit', () => {
  it('answers the API budget\'s overflow with 429 + Retry-After, never 5xx, and leaves other callers alone', async () => {
    const requests = 2 * SMALL_BUDGET.burst;
    const answers = await Promise.all(Array.from({ length: requests }, () => inject(server.app, 'GET', `${SERVICE}/vendor/sa-1001/orders?count=5`, { auth: vendorAuth })));
    const t = tally(answers);
    figure('API budget at 2x', `${requests} requests at once: ${answers.length - t.limited} served, ${t.limited} x 429 (${t.withRetryAfter} with Retry-After, ${t.shaped} in the error shape), ${t.faults} x 5xx`);
    expect(t.limited).toBeGreaterThanOrEqual(requests / 2 - 5);
    expect(t.withRetryAfter).toBe(t.limited);
    expect(t.shaped).toBe(t.limited);
    expect(t.faults).toBe(0);
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000/orders?count=5`, { auth: otherAuth })).status).toBe(200);
    // Probes and metrics are not budgeted.
    expect((await inject(server.app, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers guest sessions over 300 per IP and hour with 429 + Retry-After', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 600; i += 1) {
      answers.push(await inject(unbudgeted.app, 'POST', `${SERVICE}/guest/session`, {
        body: { name: 'Guest', email: 'g@example.com', phone_number: '+966500000000', country_code: 'SA' }, headers: { 'x-forwarded-for': '203.0.113.50' },
      }));
    }
    const t = tally(answers);
    figure('guest sessions at 2x', `600 requests: ${answers.filter((a) => a.status === 200).length} created, ${t.limited} x 429 (${t.withRetryAfter} with Retry-After), ${t.faults} x 5xx`);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(300);
    expect(t.limited).toBe(300);
    expect(t.withRetryAfter).toBe(300);
    expect(t.faults).toBe(0);
  }, 120_000);

  it('answers login failures past their limit with 429 + Retry-After', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i += 1) answers.push(await inject(unbudgeted.app, 'POST', `${SERVICE}/login`, { body: { email_address: 'vendor@example.com', password: 'Wrong!pass1' }, headers: { 'x-forwarded-for': '203.0.113.60' } }));
    const t = tally(answers);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect([t.limited, t.withRetryAfter, t.faults]).toEqual([5, 5, 0]);
  });
});

describe('one vendor flooding', () => {
  // The latency figures of a long flood are `npm run bench:limits`; here the behaviour at a small
  // volume, over real connections: the flooder is throttled with Retry-After, nothing faults, and the
  // other vendor is served meanwhile.
  it('throttles the flooding vendor with 429 + Retry-After, never 5xx, while another vendor is served', async () => {
    const requests = 5 * SMALL_BUDGET.burst;
    const target = `${server.api}/vendor/sa-1001/orders?count=30`;
    const answerOf = async (response: Response): Promise<Answer> => {
      const text = await response.text();
      let body: unknown = text;
      try { body = JSON.parse(text); } catch { /* not JSON */ }
      return { status: response.status, headers: Object.fromEntries(response.headers), text, body };
    };
    const flooding = Promise.all(Array.from({ length: requests }, () => fetch(target, { headers: { authorization: vendorAuth } }).then(answerOf)));
    const other = await fetch(`${server.api}/vendor/sg-2000/orders?count=30`, { headers: { authorization: otherAuth } }).then(answerOf);
    const t = tally(await flooding);
    figure('one vendor flooding', `${requests} concurrent requests: ${requests - t.limited} served, ${t.limited} x 429 (${t.withRetryAfter} with Retry-After), ${t.faults} x 5xx; the other vendor got ${other.status}`);
    expect(t.limited).toBeGreaterThan(0);
    expect(t.withRetryAfter).toBe(t.limited);
    expect(t.shaped).toBe(t.limited);
    expect(t.faults).toBe(0);
    expect(other.status).toBe(200);
  });
});

describe('the per-caller budget is keyed on the verified caller, not on the header\'s spelling', () => {
  it('gives one budget to every spelling of a token and every session of an account', async () => {
    const quota = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: SMALL_BUDGET });
    try {
      const first = await quota.login('vendor@example.com');
      const second = await quota.login('vendor@example.com');
      const token = first.replace(/^Bearer /, '');
      const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, ` Bearer ${token} `, second];
      // Each spelling is a valid credential of the same account (the control: all authenticate).
      for (const auth of spellings) expect((await inject(quota.app, 'GET', `${SERVICE}/vendors`, { auth })).status).toBe(200);
      const perSpelling = SMALL_BUDGET.burst;
      const answers = await Promise.all(spellings.flatMap((auth) => Array.from({ length: perSpelling }, () => inject(quota.app, 'GET', `${SERVICE}/vendors`, { auth }))));
      const served = answers.filter((a) => a.status === 200).length;
      figure('API budget over 6 spellings of one account', `${answers.length} requests: ${served} served, ${answers.length - served} x 429`);
      // One budget (burst + what refills while the burst runs), not six.
      expect(served).toBeLessThan(2 * SMALL_BUDGET.burst);
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    } finally {
      await quota.stop();
    }
  });

  it('keys a forged or missing token on the IP, so it neither escapes nor drains another caller\'s budget', async () => {
    const quota = await startServer({ COURIER_SIM_SPEED: '0', TRUST_PROXY: '1' }, { tenantQuota: SMALL_BUDGET });
    try {
      const vendor = await quota.login('vendor@example.com');
      const [head = '', payload = ''] = vendor.replace(/^Bearer /, '').split('.');
      const forged = Array.from({ length: 2 * SMALL_BUDGET.burst }, (_, i) => `Bearer ${head}.${payload}.forged${i}`);
      const answers = await Promise.all(forged.map((auth) => inject(quota.app, 'GET', `${SERVICE}/vendors`, { auth, headers: { 'x-forwarded-for': '203.0.113.70' } })));
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(SMALL_BUDGET.burst / 2);
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      // The vendor whose (unverified) claims the forgeries copied still has its budget.
      expect((await inject(quota.app, 'GET', `${SERVICE}/vendors`, { auth: vendor, headers: { 'x-forwarded-for': '203.0.113.71' } })).status).toBe(200);
    } finally {
      await quota.stop();
    }
  });
});
