// The failing-webhooks notices (GET /ws `webhook_health`, issue #25) with two server processes on one
// PostgreSQL database: process A is the real server/main.ts in a child process, B the harness's
// in-process server. The notices travel on a channel of their own, beside the order updates
// (server/webhooks/plugin.ts WEBHOOK_HEALTH_CHANNELS): LISTEN/NOTIFY by default, Redis pub/sub with
// REDIS_URL. An endpoint starts failing on B (only B's clock is moved past the 24 h of retries, so only
// B's sender can give up on it) and is deleted through A: the vendor's sockets on both processes hear
// both notices, another tenant's sockets on both hear nothing, and a tap on the channel sees the two
// notices published by two different processes (and nothing on the other fan-out's channel).
// On PostgreSQL only (`npm run test:pg`); the Redis half also needs redis-server or TEST_REDIS_URL.
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookHealthNotice } from '../../domain/api';
import { WEBHOOK_HEALTH_CHANNELS } from '../../server/webhooks/plugin';
import { advanceClock } from './clock';
import type { ServerProcess } from './cluster-process';
import type { TestServer } from './harness';
import { placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';
import { testDatabaseUrl, type ScratchDatabase } from './pg-database';
import { redisAvailable, startTestRedis, type TestRedis } from './redisServer';
import { startTwoProcesses } from './two-processes';
import { healthNotices, listeningToWebhookHealth, type HealthSocket } from './webhookHealthSockets';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

const adminUrl = testDatabaseUrl();
if (!adminUrl) console.warn('cluster-webhook-health.test.ts skipped: set TEST_DATABASE_URL (bash scripts/pg/ensure-postgres.sh prints one) to run it on PostgreSQL.');
else if (!redisAvailable) console.warn('cluster-webhook-health.test.ts: the Redis half is skipped: set TEST_REDIS_URL or install redis-server.');

/** The senders sweep for due work every second; a few rounds at most, on a loaded machine. */
const SOON = { timeout: 20_000, interval: 50 };

/** What the fan-out publishes (live/pgPubSub.ts, live/redisPubSub.ts): the sending process's id, the vendor, the notice. */
interface Envelope { origin: string; vendorId: string; order: WebhookHealthNotice }
interface ChannelTap { heard: Envelope[]; close(): Promise<void> }

async function tapPostgres(databaseUrl: string): Promise<ChannelTap> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const heard: Envelope[] = [];
  client.on('notification', (message) => {
    if (message.channel === WEBHOOK_HEALTH_CHANNELS.postgres && message.payload) heard.push(JSON.parse(message.payload) as Envelope);
  });
  await client.query(`LISTEN ${WEBHOOK_HEALTH_CHANNELS.postgres}`);
  return { heard, close: () => client.end() };
}

async function tapRedis(redisUrl: string): Promise<ChannelTap> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  const heard: Envelope[] = [];
  await client.subscribe(WEBHOOK_HEALTH_CHANNELS.redis, (text) => heard.push(JSON.parse(text) as Envelope));
  return { heard, close: async () => { await client.close(); } };
}

function webhookHealthAcrossProcesses(fanout: 'postgres' | 'redis') {
  let redis: TestRedis | null = null;
  let database: ScratchDatabase;
  let a: ServerProcess;
  let b: TestServer;
  let auth: string;
  let hook: WebhookReceiver;
  const taps: Record<'postgres' | 'redis', ChannelTap | null> = { postgres: null, redis: null };
  const sockets: HealthSocket[] = [];

  beforeAll(async () => {
    redis = fanout === 'redis' ? await startTestRedis() : null;
    ({ database, a, b, auth } = await startTwoProcesses(adminUrl ?? '', {
      // Orders move only when the test moves them; sessions outlive the 25 h B's clock is moved by.
      COURIER_SIM_SPEED: '0',
      ACCESS_TOKEN_TTL_S: String(7 * 86_400),
      WEBHOOKS_ALLOW_LOOPBACK: '1',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    }));
    taps.postgres = await tapPostgres(database.url);
    if (redis) taps.redis = await tapRedis(redis.url);
    hook = await startWebhookReceiver();
  }, 120_000);

  afterAll(async () => {
    for (const live of sockets) live.socket.close();
    await Promise.all([taps.postgres?.close(), taps.redis?.close(), hook?.close()]);
    await a?.kill();
    await b?.stop();
    await database?.drop();
    redis?.stop();
  });

  it('a notice caused on one process reaches the vendor\'s sockets on the other, on its own channel; another tenant hears nothing', async () => {
    const foreign = await b.login('other@example.com');
    const [ownerOnA, ownerOnB, foreignOnA, foreignOnB] = await Promise.all([
      listeningToWebhookHealth(a.wsUrl, auth), listeningToWebhookHealth(b.wsUrl, auth),
      listeningToWebhookHealth(a.wsUrl, foreign), listeningToWebhookHealth(b.wsUrl, foreign),
    ]);
    sockets.push(ownerOnA, ownerOnB, foreignOnA, foreignOnB);
    for (const owner of [ownerOnA, ownerOnB]) expect(owner.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: SA_OLAYA });
    for (const other of [foreignOnA, foreignOnB]) expect(other.messages).not.toContainEqual(expect.objectContaining({ vendor_id: SA_OLAYA }));

    // An endpoint that answers 500, registered and ordered against through B.
    hook.setMode({ answer: 500 });
    const registered = await b.call('POST', '/webhooks', { auth, body: { vendor_id: SA_OLAYA, url: hook.url, events: ['order.created'] } });
    expect(registered.status, registered.text).toBe(200);
    const endpointId = resultOf<{ endpoint: { endpoint_id: string } }>(registered.body).endpoint.endpoint_id;
    await placeOrder(b, auth, SA_OLAYA);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), SOON);

    // B alone lives 25 h later: its sender retries, gives up and marks the endpoint failing.
    advanceClock(b, 25 * 3600);
    const failing = { type: 'webhook_health', vendor_id: SA_OLAYA, endpoint_id: endpointId, failing: true };
    await vi.waitFor(() => expect(healthNotices(ownerOnA)).toEqual([failing]), SOON);
    await vi.waitFor(() => expect(healthNotices(ownerOnB)).toEqual([failing]), SOON);

    // Deleted through A: the endpoint stops failing, and B's sockets hear it from A.
    const deleted = await b.call('DELETE', `${a.api}/webhooks/${endpointId}`, { auth });
    expect(deleted.status, deleted.text).toBe(200);
    const fixed = { ...failing, failing: false };
    await vi.waitFor(() => expect(healthNotices(ownerOnB)).toEqual([failing, fixed]), SOON);
    await vi.waitFor(() => expect(healthNotices(ownerOnA)).toEqual([failing, fixed]), SOON);

    // Both notices crossed before the last one arrived: the other tenant would have had them by now.
    expect(healthNotices(foreignOnA)).toEqual([]);
    expect(healthNotices(foreignOnB)).toEqual([]);

    // On the wire: the webhook-health channel of this fan-out carried both, from two processes.
    const tap = taps[fanout];
    await vi.waitFor(() => expect(tap?.heard).toHaveLength(2), SOON);
    const [gaveUp, removed] = tap?.heard ?? [];
    expect(gaveUp).toMatchObject({ vendorId: SA_OLAYA, order: { vendor_id: SA_OLAYA, endpoint_id: endpointId, failing: true } });
    expect(removed).toMatchObject({ vendorId: SA_OLAYA, order: { vendor_id: SA_OLAYA, endpoint_id: endpointId, failing: false } });
    expect(gaveUp?.origin).not.toBe(removed?.origin);
    // With Redis, nothing of it went through PostgreSQL's channel.
    if (fanout === 'redis') expect(taps.postgres?.heard).toEqual([]);
  }, 120_000);
}

describe.skipIf(!adminUrl)('webhook_health with two server processes on PostgreSQL LISTEN/NOTIFY', () => webhookHealthAcrossProcesses('postgres'));
describe.skipIf(!adminUrl || !redisAvailable)('webhook_health with two server processes on Redis pub/sub', () => webhookHealthAcrossProcesses('redis'));
