// PostgreSQL LISTEN/NOTIFY fan-out (server/live/pgPubSub.ts) between two hubs with their own
// connections, as two server processes would have: delivery to the other hub's subscribers only once,
// no echo, payloads over NOTIFY's 8000-byte limit through live_messages, and order kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/types';
import { createDb, type Db } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { createPostgresPubSub } from '../../server/live/pgPubSub';
import type { SharedPubSub } from '../../server/live/pubsub';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from './pg-database';
import { anOrder, expectCrossProcessFanOut } from './pubsub-contract';

const adminUrl = testDatabaseUrl();
if (!adminUrl) console.warn('pg-pubsub.test.ts skipped: set TEST_DATABASE_URL to run it on PostgreSQL.');

describe.skipIf(!adminUrl)('PostgreSQL LISTEN/NOTIFY pub/sub', () => {
  let scratch: ScratchDatabase;
  let dir: string;
  let dbs: Db[];
  let hubs: SharedPubSub[];
  const errors: unknown[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl ?? '');
    dir = mkdtempSync(join(tmpdir(), 'pubsub-test-'));
    dbs = [createDb({ dataDir: dir, databaseUrl: scratch.url }), createDb({ dataDir: dir, databaseUrl: scratch.url })];
    await migrateToLatest(dbs[0]!);
    hubs = dbs.map((db) => createPostgresPubSub({ db, databaseUrl: scratch.url, onError: (error) => errors.push(error) }));
    for (const hub of hubs) await hub.start();
  });
  afterAll(async () => {
    for (const hub of hubs ?? []) await hub.close();
    for (const db of dbs ?? []) await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reaches the other process\'s subscribers of that vendor once, and its own at once without echo', async () => {
    const [one, two] = hubs as [SharedPubSub, SharedPubSub];
    await expectCrossProcessFanOut(one, two, ['o-1']);
  });

  it('carries an order larger than a NOTIFY payload, and keeps one process\'s updates in order', async () => {
    const [one, two] = hubs as [SharedPubSub, SharedPubSub];
    const received: Order[] = [];
    two.subscribe('v-big', (order) => received.push(order));
    const long = 'و'.repeat(6_000); // 12 000 bytes of UTF-8
    one.publish('v-big', anOrder('small-1'));
    one.publish('v-big', anOrder('big', long));
    one.publish('v-big', anOrder('small-2'));
    await vi.waitFor(() => expect(received.map((order) => order.order_id)).toEqual(['small-1', 'big', 'small-2']));
    expect(received[1]?.order.description).toBe(long);
    expect(errors).toEqual([]);
  });
});
