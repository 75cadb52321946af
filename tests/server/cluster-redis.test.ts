// Redis pub/sub fan-out (server/live/redisPubSub.ts, used when REDIS_URL is set) between two hubs
// with their own connections, as two server processes would have. Runs against TEST_REDIS_URL, or a
// throwaway redis-server on a free port when Debian's redis-server is installed; skipped otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedPubSub } from '../../server/live/pubsub';
import { createRedisPubSub } from '../../server/live/redisPubSub';
import { expectCrossProcessFanOut } from './pubsub-contract';

const givenUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!givenUrl && !hasRedisServer) console.warn('cluster-redis.test.ts skipped: set TEST_REDIS_URL or install redis-server (apt-get install redis-server).');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!givenUrl && !hasRedisServer)('Redis pub/sub', () => {
  let server: ChildProcess | null = null;
  let hubs: SharedPubSub[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    let url = givenUrl;
    if (!url) {
      const port = await freePort();
      const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
      server = redis;
      url = `redis://127.0.0.1:${port}`;
      // redis-server says when it takes connections.
      await new Promise<void>((resolve, reject) => {
        let said = '';
        redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${said}`)));
        redis.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes('Ready to accept connections')) resolve();
        });
      });
      redis.stdout.resume();
    }
    hubs = [0, 1].map(() => createRedisPubSub({ redisUrl: url ?? '', onError: (error) => errors.push(error) }));
    for (const hub of hubs) await hub.start();
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    server?.kill();
  });

  it('reaches the other process\'s subscribers in order, its own at once, without echo', async () => {
    const [one, two] = hubs as [SharedPubSub, SharedPubSub];
    await expectCrossProcessFanOut(one, two, ['o-1', 'o-2', 'o-3']);
    expect(errors).toEqual([]);
  });
});
