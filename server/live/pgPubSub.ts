// Live updates across server processes through PostgreSQL LISTEN/NOTIFY (docs/decisions/0002).
// Every process LISTENs on one channel on a dedicated connection and delivers what others publish to
// its own websocket subscribers; its own updates go to local subscribers at once. A payload over
// NOTIFY's 8000-byte limit (an order with long texts) is stored in live_messages and announced by id.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Order } from '../../domain/types';
import type { Db } from '../db/connect';
import { createInProcessPubSub, type SharedPubSub } from './pubsub';

export const LIVE_CHANNEL = 'portal_order_updates';
/** NOTIFY refuses payloads of 8000 bytes or more; keep a margin. */
const MAX_NOTIFY_BYTES = 7_800;
/** Spilled messages are read within milliseconds; a minute is plenty for a slow process. */
const SPILL_KEEP_MS = 60_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/** What travels on the channel: the message itself, or the id of the live_messages row holding it. */
type Envelope<T> = { origin: string; vendorId: string } & ({ order: T } | { spilled: string });

export interface PostgresPubSubOptions {
  db: Db;
  databaseUrl: string;
  onError: (error: unknown) => void;
  channel?: string;
}

/** Order updates by default; another message type on a channel of its own (`channel`). */
export function createPostgresPubSub<T = Order>(opts: PostgresPubSubOptions): SharedPubSub<T> {
  const local = createInProcessPubSub<T>(opts.onError);
  const channel = opts.channel ?? LIVE_CHANNEL;
  const origin = randomUUID();
  let listener: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  // One publish at a time: each NOTIFY commits before the next, so other processes see one
  // process's updates in the order it made them.
  let sending: Promise<void> = Promise.resolve();
  // Deliveries in arrival order too: a spilled message is read back before the ones after it.
  let receiving: Promise<void> = Promise.resolve();

  async function send(envelope: Envelope<T>): Promise<void> {
    let text = JSON.stringify(envelope);
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES && 'order' in envelope) {
      const id = randomUUID();
      const now = Date.now();
      await opts.db.insertInto('live_messages').values({ message_id: id, payload: JSON.stringify(envelope.order), created_at: now }).execute();
      await opts.db.deleteFrom('live_messages').where('created_at', '<', now - SPILL_KEEP_MS).execute();
      text = JSON.stringify({ origin, vendorId: envelope.vendorId, spilled: id } satisfies Envelope<T>);
    }
    await sql`select pg_notify(${channel}, ${text})`.execute(opts.db);
  }

  async function receive(text: string | undefined): Promise<void> {
    if (!text) return;
    const envelope = JSON.parse(text) as Envelope<T>;
    if (envelope.origin === origin) return;
    let order: T;
    if ('order' in envelope) {
      order = envelope.order;
    } else {
      const row = await opts.db.selectFrom('live_messages').select('payload').where('message_id', '=', envelope.spilled).executeTakeFirst();
      if (!row) return;
      order = JSON.parse(row.payload) as T;
    }
    local.publish(envelope.vendorId, order);
  }

  function scheduleReconnect(): void {
    connected = false;
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(RECONNECT_MAX_MS, reconnectDelay * 2);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      receiving = receiving.then(() => receive(message.payload)).catch(opts.onError);
    });
    // Updates published while we are reconnecting are missed; the browser's fallback refresh covers them.
    client.on('error', (error) => {
      opts.onError(error);
      client.end().catch(() => {});
      if (listener === client) scheduleReconnect();
    });
    client.on('end', () => { if (listener === client) scheduleReconnect(); });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      connected = true;
      reconnectDelay = RECONNECT_MIN_MS;
    } catch (error) {
      opts.onError(error);
      client.end().catch(() => {});
      scheduleReconnect();
    }
  }

  return {
    publish(vendorId, order) {
      local.publish(vendorId, order);
      sending = sending.then(() => send({ origin, vendorId, order })).catch(opts.onError);
    },
    subscribe: (vendorId, listenerFn) => local.subscribe(vendorId, listenerFn),
    subscriberCount: () => local.subscriberCount(),
    async start() {
      closed = false;
      await connect();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await sending;
      const client = listener;
      listener = null;
      connected = false;
      await client?.end().catch(() => {});
    },
    isConnected: () => connected,
  };
}
