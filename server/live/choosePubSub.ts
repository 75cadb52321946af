// Which live-update fan-out this process uses: Redis pub/sub when REDIS_URL is set, PostgreSQL
// LISTEN/NOTIFY with DATABASE_URL (no extra service to run), in-process with the embedded SQLite
// store (one process). docs/decisions/0002-scale-out.md says why.
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { createPostgresPubSub } from './pgPubSub';
import { createInProcessPubSub, type SharedPubSub } from './pubsub';
import { createRedisPubSub } from './redisPubSub';

export function choosePubSub(config: Pick<Config, 'databaseUrl' | 'redisUrl'>, db: Db, onError: (error: unknown) => void): SharedPubSub {
  if (config.redisUrl) return createRedisPubSub({ redisUrl: config.redisUrl, onError });
  if (config.databaseUrl) return createPostgresPubSub({ db, databaseUrl: config.databaseUrl, onError });
  const local = createInProcessPubSub(onError);
  return { ...local, start: async () => {}, close: async () => {}, isConnected: () => true };
}
