// Redis pub/sub fan-out (server/live/redisPubSub.ts, used when REDIS_URL is set) between two hubs
// with their own connections, as two server processes would have. Runs against TEST_REDIS_URL, or a
// throwaway redis-server on a free port when Debian's redis-server is installed; skipped otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedPubSub } from '../../server/live/pubsub';
import { createRedisPubSub } from '../../server/live/redisPubSub';
import { expectCrossProcessFanOut } from './pubsub-contract';
import { redisAvailable, startTestRedis, type TestRedis } from './redisServer';

if (!redisAvailable) console.warn('cluster-redis.test.ts skipped: set TEST_REDIS_URL or install redis-server (apt-get install redis-server).');

describe.skipIf(!redisAvailable)('Redis pub/sub', () => {
  let redis: TestRedis | null = null;
  let hubs: SharedPubSub[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    const url = redis.url;
    hubs = [0, 1].map(() => createRedisPubSub({ redisUrl: url, onError: (error) => errors.push(error) }));
    for (const hub of hubs) await hub.start();
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    redis?.stop();
  });

  it('reaches the other process\'s subscribers in order, its own at once, without echo', async () => {
    const [one, two] = hubs as [SharedPubSub, SharedPubSub];
    await expectCrossProcessFanOut(one, two, ['o-1', 'o-2', 'o-3']);
    expect(errors).toEqual([]);
  });
});
