// Which live-update fan-out this process uses: Redis pub/sub when REDIS_URL is set, PostgreSQL
// LISTEN/NOTIFY with DATABASE_URL (no extra service to run), in-process with the embedded SQLite
// store (one process). docs/decisions/0002-scale-out.md says why.
import type { Order } from '../../domain/types';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { createPostgresPubSub } from './pgPubSub';
import { createInProcessPubSub, type SharedPubSub } from './pubsub';
import { createRedisPubSub } from './redisPubSub';

/** Order updates on the default channels; another message type names its own (`channels`). */
export function choosePubSub<T = Order>(
  config: Pick<Config, 'databaseUrl' | 'redisUrl'>, db: Db, onError: (error: unknown) => void, channels?: { postgres: string; redis: string },
): SharedPubSub<T> {
  if (config.redisUrl) return createRedisPubSub<T>({ redisUrl: config.redisUrl, onError, ...(channels ? { channel: channels.redis } : {}) });
  if (config.databaseUrl) return createPostgresPubSub<T>({ db, databaseUrl: config.databaseUrl, onError, ...(channels ? { channel: channels.postgres } : {}) });
  const local = createInProcessPubSub<T>(onError);
  return { ...local, start: async () => {}, close: async () => {}, isConnected: () => true };
}
