// A Redis for the scale-out tests: TEST_REDIS_URL when given, else a throwaway redis-server on a free
// loopback port (Debian's redis-server), with nothing saved to disk. Neither: the tests skip.
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './freePort';

export const givenRedisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
/** Whether a Redis can be had for this run. */
export const redisAvailable = Boolean(givenRedisUrl) || hasRedisServer;

export interface TestRedis {
  url: string;
  stop(): void;
}

/** TEST_REDIS_URL (stop does nothing), or a redis-server of this test's own, once it takes connections. */
export async function startTestRedis(): Promise<TestRedis> {
  if (givenRedisUrl) return { url: givenRedisUrl, stop: () => undefined };
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
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
  return { url: `redis://127.0.0.1:${port}`, stop: () => void redis.kill() };
}
