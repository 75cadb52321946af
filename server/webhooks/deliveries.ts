// The webhook sender (issue #25). An order change becomes one delivery row per subscribed endpoint
// and event (deduplicated by event id, so a change published twice, or by two processes, is sent
// once), then each endpoint's deliveries are sent by one durable job per endpoint
// (`webhook:{endpointId}`, server/cluster/durableJobs.ts): whichever process claims it sends that
// endpoint's due deliveries, a few at a time but never two of the same order at once, in the order's
// own order. So a slow or hanging endpoint holds only its own job, never another endpoint's
// deliveries nor the order flow, and a process that dies leaves its endpoint to the next one once
// the lease runs out (at-least-once overall; receivers deduplicate on the event id).
// Failures are retried on the server clock (domain/webhookRetry.ts) for 24 h; then the delivery has
// failed, the endpoint is marked failing and the vendor gets one e-mail in its language.
import { createHash, randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type BulkJobFinishedWebhookEvent, type WebhookHealthNotice, type WebhookDelivery, type WebhookDeliveryQuery, type WebhookEventPayload, type WebhookEventType } from '../../domain/api';
import type { Order } from '../../domain/types';
import { nextWebhookRetry, proofAnnouncement, proofKindOfStatus, webhookEventsOfHistoryEntry } from '../../domain';
import type { Clock } from '../clock/clock';
import { createDurableJobs, type ClaimedJob } from '../cluster/durableJobs';
import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { Catalogues } from '../notifications/catalogues';
import { checkEndpoint, type Lookup } from './endpointAddress';
import { sendFailingEndpointMail } from './failingMail';
import { signingSecrets } from './endpoints';
import { postDelivery, type AttemptOutcome } from './postDelivery';
import type { SecretBox } from './secretBox';
import { SIGNATURE_HEADER, signWebhook } from './signature';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables';

const SEND_KIND = 'webhook-send';
const jobKey = (endpointId: string) => `webhook:${endpointId}`;
/** Deliveries of one endpoint in flight at once (each of a different order). */
const PER_ENDPOINT_CONCURRENCY = 4;
/** Answers are read up to this many bytes; the log keeps them as the excerpt. */
export const MAX_ANSWER_BYTES = 1024;
/** How often each process looks for endpoints with due deliveries and no job (retries, restarts). */
const SWEEP_MS = 1_000;
const LOG_PAGE = 100;

export interface WebhookServiceOptions {
  db: Db;
  clock: Clock;
  box: SecretBox;
  mailer: Mailer;
  /** The failing-endpoint mail's texts, its language's country fallback and the link's origin (failingMail.ts). */
  catalogues: Catalogues;
  country: string;
  publicUrl: () => string;
  allowLoopback: boolean;
  /** One attempt's limit (5 s; WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  leaseMs?: number;
  /** Endpoints sent to at once by this process (each one's deliveries by one job). */
  concurrency?: number;
  lookup?: Lookup;
  random?: () => number;
  onError: (error: unknown) => void;
  /** An endpoint started or stopped failing: the app tells the vendor's open pages (GET /ws `webhook_health`). */
  onHealthChange?: (notice: WebhookHealthNotice) => void;
}

export interface WebhookService {
  /** An order change relayed by the order outbox (server/orders/changeOutbox.ts): queue its events for the endpoints that subscribed. */
  orderChanged(order: Order, presented?: () => Promise<Order>): Promise<void>;
  /**
   * A bulk job finished placing: queues `bulk_job.finished` inside the transaction (`trx`) that marks
   * it done; call `announce` after the commit.
   */
  bulkJobFinished(trx: Db, job: BulkJobFinishedWebhookEvent['bulk_job'], atS: number): Promise<void>;
  /** After a commit that queued deliveries: send them now rather than at the next sweep. */
  announce(): void;
  /** "Send test event": a `webhook.test` delivery to this endpoint. */
  sendTest(endpoint: WebhookEndpointsTable): Promise<string>;
  /** Sends a delivery of this endpoint again, with a fresh 24 h of retries; false when there is none. */
  resend(endpointId: string, deliveryId: string): Promise<boolean>;
  /** The newest deliveries of an endpoint with every attempt. */
  log(endpointId: string, filter: WebhookDeliveryQuery): Promise<WebhookDelivery[]>;
  start(): void;
  stop(): Promise<void>;
}

/** The same id for the same event wherever and however often it is computed. */
export const eventIdOf = (orderId: string, historyIndex: number, type: string): string =>
  `evt_${createHash('sha256').update(`${orderId}\n${historyIndex}\n${type}`).digest('hex').slice(0, 32)}`;

export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { db, clock } = options;
  const random = options.random ?? Math.random;
  const jobs = createDurableJobs({
    db,
    handlers: { [SEND_KIND]: (job) => drain(job) },
    nowMs: clock.nowMs,
    concurrency: options.concurrency ?? 32,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    onError: (error) => options.onError(error),
  });
  let sweeper: NodeJS.Timeout | null = null;

  const wake = (endpointId: string) => jobs.scheduleIfAbsent(jobKey(endpointId), SEND_KIND, clock.nowMs(), { endpointId });

  async function insertDeliveries(executor: Db, rows: WebhookDeliveriesTable[]): Promise<void> {
    if (rows.length === 0) return;
    await executor.insertInto('webhook_deliveries').values(rows).onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing()).execute();
  }

  function deliveryRow(endpointId: string, payload: WebhookEventPayload, orderId: string | null, orderSeq: number, nowMs: number): WebhookDeliveriesTable {
    return {
      delivery_id: `wd_${randomBytes(10).toString('hex')}`, endpoint_id: endpointId, event_id: payload.id, event_type: payload.type,
      order_id: orderId, order_seq: orderSeq, payload: JSON.stringify(payload), state: 'pending', attempts: 0,
      created_at: nowMs, window_started_at: nowMs, next_attempt_at: nowMs, last_status_code: null,
    };
  }

  /** The endpoints of the vendor and of its parent that chose any of `types`, with the ones they chose. */
  async function subscribers(executor: Db, vendorId: string, types: readonly WebhookEventType[]): Promise<{ endpointId: string; types: WebhookEventType[] }[]> {
    if (types.length === 0) return [];
    const parent = executor.selectFrom('vendors').select('parent_vendor_id').where('vendor_id', '=', vendorId);
    const endpoints = await executor.selectFrom('webhook_endpoints').select(['endpoint_id', 'events'])
      .where((eb) => eb.or([eb('vendor_id', '=', vendorId), eb('vendor_id', 'in', parent)]))
      .execute();
    return endpoints.map((endpoint) => {
      const chosen = new Set(endpoint.events.split(','));
      return { endpointId: endpoint.endpoint_id, types: types.filter((type) => chosen.has(type)) };
    }).filter((endpoint) => endpoint.types.length > 0);
  }

  /** The body of one of the order's events at history entry `index`; null when there is nothing to tell (no proof yet). */
  function orderEventPayload(order: Order, index: number, type: WebhookEventType, createdAt: number): WebhookEventPayload | null {
    const base = { id: eventIdOf(order.order_id, index, type), created_at: createdAt, order: order as unknown as Record<string, unknown> };
    if (type === 'order.proof_available') {
      const kind = proofKindOfStatus(order.status_history[index]?.status ?? order.status);
      const proof = kind === null ? null : proofAnnouncement(order, kind);
      return proof === null ? null : { ...base, type, proof };
    }
    if (type === 'bulk_job.finished') return null;
    return { ...base, type };
  }

  /** Queues the change's events for the endpoints that chose them, with the order as the API answers it (`presented`). */
  async function orderChanged(stored: Order, presented: () => Promise<Order> = async () => stored): Promise<void> {
    const index = Math.max(0, stored.status_history.length - 1);
    const entry = stored.status_history[index];
    const endpoints = await subscribers(db, stored.vendor_id, webhookEventsOfHistoryEntry(index, entry?.status ?? stored.status));
    if (endpoints.length === 0) return;
    const order = await presented();
    const nowMs = clock.nowMs();
    const rows: WebhookDeliveriesTable[] = [];
    for (const endpoint of endpoints) {
      for (const type of endpoint.types) {
        const payload = orderEventPayload(order, index, type, entry?.created_at ?? order.updated_at);
        if (payload) rows.push(deliveryRow(endpoint.endpointId, payload, order.order_id, index, nowMs));
      }
    }
    await insertDeliveries(db, rows);
    for (const endpointId of new Set(rows.map((row) => row.endpoint_id))) await wake(endpointId);
  }

  async function bulkJobFinished(trx: Db, job: BulkJobFinishedWebhookEvent['bulk_job'], atS: number): Promise<void> {
    const endpoints = await subscribers(trx, job.vendor_id, ['bulk_job.finished']);
    const nowMs = clock.nowMs();
    const payload: WebhookEventPayload = {
      id: `evt_${createHash('sha256').update(`bulk\n${job.bulk_job_id}`).digest('hex').slice(0, 32)}`,
      type: 'bulk_job.finished', created_at: atS, order: null, bulk_job: job,
    };
    await insertDeliveries(trx, endpoints.map((endpoint) => deliveryRow(endpoint.endpointId, payload, null, 0, nowMs)));
  }

  /** The endpoint's job: send every due delivery, oldest first, at most one per order at a time. */
  async function drain(job: ClaimedJob): Promise<void> {
    const { endpointId } = job.payload as { endpointId: string };
    for (;;) {
      const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('endpoint_id', '=', endpointId).executeTakeFirst();
      if (!endpoint) return;
      const due = await db.selectFrom('webhook_deliveries as d').selectAll()
        .where('d.endpoint_id', '=', endpointId).where('d.state', '=', 'pending').where('d.next_attempt_at', '<=', clock.nowMs())
        // An order's events go out in its order: none while an earlier one of the same order waits.
        .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as e').select('e.delivery_id')
          .where('e.endpoint_id', '=', endpointId).where('e.state', '=', 'pending')
          .whereRef('e.order_id', '=', 'd.order_id').whereRef('e.order_seq', '<', 'd.order_seq'))))
        .orderBy('d.next_attempt_at').orderBy('d.created_at').limit(PER_ENDPOINT_CONCURRENCY * 4)
        .execute();
      if (due.length === 0) return;
      // One per order in this round (two of the same order with the same seq cannot both be first).
      const seen = new Set<string>();
      const round = due.filter((delivery) => delivery.order_id === null || (!seen.has(delivery.order_id) && seen.add(delivery.order_id)));
      for (let i = 0; i < round.length; i += PER_ENDPOINT_CONCURRENCY) {
        await Promise.all(round.slice(i, i + PER_ENDPOINT_CONCURRENCY).map((delivery) => attempt(endpoint, delivery)));
      }
    }
  }

  async function send(endpoint: WebhookEndpointsTable, delivery: WebhookDeliveriesTable): Promise<AttemptOutcome> {
    // Checked again before every send: a name that pointed outside may point inside now.
    const checked = await checkEndpoint(endpoint.url, { allowLoopback: options.allowLoopback, ...(options.lookup ? { lookup: options.lookup } : {}) });
    if (!checked.ok) return { statusCode: null, latencyMs: 0, excerpt: '', error: checked.reason };
    const nowS = clock.nowS();
    return postDelivery({
      url: checked.url,
      address: checked.addresses[0] ?? '',
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'CourierPortal-Webhooks/1',
        'webhook-id': delivery.event_id,
        [SIGNATURE_HEADER.toLowerCase()]: signWebhook(signingSecrets(options.box, endpoint, nowS), nowS, delivery.payload),
      },
      timeoutMs: options.timeoutMs,
      maxBodyBytes: MAX_ANSWER_BYTES,
    });
  }

  async function attempt(endpoint: WebhookEndpointsTable, delivery: WebhookDeliveriesTable): Promise<void> {
    const at = clock.nowMs();
    const outcome = await send(endpoint, delivery);
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const attempts = delivery.attempts + 1;
    const decision = succeeded ? null : nextWebhookRetry({ attempts, windowStartedAtMs: delivery.window_started_at, nowMs: clock.nowMs(), random: random() });
    const gaveUp = decision !== null && 'giveUp' in decision;
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('webhook_attempts').values({
        delivery_id: delivery.delivery_id, attempt: attempts, at, status_code: outcome.statusCode, latency_ms: outcome.latencyMs,
        excerpt: outcome.excerpt, error: outcome.error,
      }).onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing()).execute();
      await tx.updateTable('webhook_deliveries').set({
        attempts,
        last_status_code: outcome.statusCode,
        state: succeeded ? 'succeeded' : gaveUp ? 'failed' : 'pending',
        next_attempt_at: decision !== null && 'retryAtMs' in decision ? decision.retryAtMs : delivery.next_attempt_at,
      }).where('delivery_id', '=', delivery.delivery_id).execute();
    });
    if (succeeded && endpoint.failing_since !== null) {
      const cleared = await db.updateTable('webhook_endpoints').set({ failing_since: null })
        .where('endpoint_id', '=', endpoint.endpoint_id).where('failing_since', 'is not', null).executeTakeFirst();
      // Once, by whichever attempt (or process) cleared it.
      if (Number(cleared.numUpdatedRows) > 0) options.onHealthChange?.({ vendor_id: endpoint.vendor_id, endpoint_id: endpoint.endpoint_id, failing: false });
    }
    if (gaveUp) await markFailing(endpoint);
  }

  /** The first delivery to run out of retries marks the endpoint failing and tells the vendor, once (failingMail.ts). */
  async function markFailing(endpoint: WebhookEndpointsTable): Promise<void> {
    const marked = await db.updateTable('webhook_endpoints').set({ failing_since: clock.nowS() })
      .where('endpoint_id', '=', endpoint.endpoint_id).where('failing_since', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    options.onHealthChange?.({ vendor_id: endpoint.vendor_id, endpoint_id: endpoint.endpoint_id, failing: true });
    await sendFailingEndpointMail(options, endpoint);
  }

  /** Endpoints with a due delivery and no job (a retry came due, a process restarted, a wake raced a finishing job). */
  async function sweep(): Promise<void> {
    const rows = await db.selectFrom('webhook_deliveries').select('endpoint_id').distinct()
      .where('state', '=', 'pending').where('next_attempt_at', '<=', clock.nowMs()).execute();
    for (const row of rows) await wake(row.endpoint_id);
  }

  return {
    orderChanged,
    bulkJobFinished,
    announce() { sweep().catch((error: unknown) => options.onError(error)); },
    async sendTest(endpoint) {
      const nowMs = clock.nowMs();
      const payload: WebhookEventPayload = { id: `evt_${randomBytes(16).toString('hex')}`, type: WEBHOOK_TEST_EVENT, created_at: clock.nowS(), order: null };
      const row = deliveryRow(endpoint.endpoint_id, payload, null, 0, nowMs);
      await insertDeliveries(db, [row]);
      await wake(endpoint.endpoint_id);
      return row.delivery_id;
    },
    async resend(endpointId, deliveryId) {
      const nowMs = clock.nowMs();
      const result = await db.updateTable('webhook_deliveries').set({ state: 'pending', next_attempt_at: nowMs, window_started_at: nowMs })
        .where('endpoint_id', '=', endpointId).where('delivery_id', '=', deliveryId).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await wake(endpointId);
      return true;
    },
    async log(endpointId, filter) {
      let query = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
      if (filter.event !== undefined) query = query.where('event_type', '=', filter.event);
      if (filter.result !== undefined) query = query.where('state', '=', filter.result);
      const deliveries = await query.orderBy('created_at', 'desc').orderBy('order_seq', 'desc').orderBy('delivery_id').limit(LOG_PAGE).execute();
      if (deliveries.length === 0) return [];
      const attempts = await db.selectFrom('webhook_attempts').selectAll()
        .where('delivery_id', 'in', deliveries.map((d) => d.delivery_id)).orderBy('attempt').execute();
      return deliveries.map((d) => ({
        delivery_id: d.delivery_id, event_id: d.event_id, event_type: d.event_type, order_id: d.order_id, state: d.state,
        created_at: Number(d.created_at), next_attempt_at: d.state === 'pending' ? Number(d.next_attempt_at) : null,
        attempts: attempts.filter((a) => a.delivery_id === d.delivery_id).map((a) => ({
          attempt: a.attempt, at: Number(a.at), status_code: a.status_code, latency_ms: a.latency_ms, excerpt: a.excerpt, error: a.error,
        })),
      }));
    },
    start() {
      jobs.start();
      sweeper = setInterval(() => { sweep().catch((error: unknown) => options.onError(error)); }, SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await jobs.stop();
    },
  };
}
