// Webhook delivery lag (`npm run bench:webhooks`): 1 000 orders across 50 webhook endpoints (one per
// branch), one of them hanging (never answers; each attempt waits out the 5 s timeout), every order
// moved once by the courier; prints the lag from the status change (the ops call that stores it)
// to its receipt by the endpoint, p50/p99 for the healthy endpoints, and how many the hanging one
// saw. Aim: p99 under 1 s for the healthy endpoints. A figure, not a test.
//   BENCH_ORDERS=1000 BENCH_ENDPOINTS=50 npx tsx bench/webhooks.ts
import { performance } from 'node:perf_hooks';
import { startServer } from '../tests/server/harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from '../tests/server/orders-fixtures';
import { percentile } from '../tests/security/support';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/server/webhookReceiver';
import { createEndpoint } from '../server/webhooks/endpoints';
import { createSecretBox } from '../server/webhooks/secretBox';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 50);

const server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: false, logger: false });
const receivers: WebhookReceiver[] = [];
try {
  const { db } = server.app;
  // One branch per endpoint: copies of the Olaya outlet under the Saudi parent.
  const olaya = await db.selectFrom('vendors').selectAll().where('vendor_id', '=', SA_OLAYA).executeTakeFirstOrThrow();
  const branches = Array.from({ length: ENDPOINTS }, (_, i) => `bench-${String(i).padStart(2, '0')}`);
  await db.insertInto('vendors').values(branches.map((vendorId, i) => ({ ...olaya, vendor_id: vendorId, client_vendor_id: vendorId, vendor_code: null, name: `Bench branch ${i}`, parent_vendor_id: SA_PARENT }))).execute();
  const box = createSecretBox(server.config.secrets.linkSigningSecret);
  const nowS = server.app.clock.nowS();
  for (const [i, vendorId] of branches.entries()) {
    const receiver = await startWebhookReceiver();
    if (i === 0) receiver.setMode('hang');
    receivers.push(receiver);
    await createEndpoint(db, box, { vendorId, url: receiver.url, events: ['order.status_changed'], email: 'vendor@example.com', nowS });
  }

  const auth = await server.login('vendor@example.com');
  const quotes = new Map<string, { fee: number; signature: string }>();
  const orders: { orderId: string; endpoint: number }[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const endpoint = i % ENDPOINTS;
    const vendorId = branches[endpoint] ?? '';
    const quote = quotes.get(vendorId) ?? (await quoteFee(server, auth, vendorId));
    quotes.set(vendorId, quote);
    const placed = await server.call('POST', '/order', { auth, body: orderPayload(vendorId, quote) });
    if (placed.status !== 200) throw new Error(`POST /order: ${placed.status} ${placed.text}`);
    orders.push({ orderId: resultOf<{ order_id: string }>(placed.body).order_id, endpoint });
  }

  // Receipt times, by order, as each receiver gets the RECEIVED change.
  const receivedAt = new Map<string, number>();
  for (const receiver of receivers) {
    const original = receiver.received.push.bind(receiver.received);
    receiver.received.push = (...items) => {
      for (const item of items) {
        const event = JSON.parse(item.body) as { order: { order_id: string; status: string } | null };
        if (event.order?.status === 'RECEIVED') receivedAt.set(event.order.order_id, performance.now());
      }
      return original(...items);
    };
  }
  const changedAt = new Map<string, number>();
  const started = performance.now();
  // Moves at a steady pace from 4 concurrent ops callers (the courier's changes arrive spread out).
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < orders.length) {
      const order = orders[next++];
      if (!order) break;
      changedAt.set(order.orderId, performance.now());
      const moved = await server.call('POST', `/ops/orders/${encodeURIComponent(order.orderId)}/status`, { auth: `Ops ${server.opsToken}`, body: { status: 'RECEIVED' } });
      if (moved.status !== 200) throw new Error(`ops move: ${moved.status}`);
    }
  }));
  const moveSeconds = (performance.now() - started) / 1000;
  const healthy = orders.filter((order) => order.endpoint !== 0);
  const deadline = performance.now() + 60_000;
  while (healthy.some((order) => !receivedAt.has(order.orderId)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const lags = healthy.flatMap((order) => {
    const at = receivedAt.get(order.orderId);
    const from = changedAt.get(order.orderId);
    return at !== undefined && from !== undefined ? [at - from] : [];
  });
  const hangingSeen = receivers[0]?.received.length ?? 0;
  console.log(`webhooks: ${ORDERS} orders, ${ENDPOINTS} endpoints (1 hanging), ${orders.length} status changes in ${moveSeconds.toFixed(1)} s`);
  console.log(`FIGURE webhook lag, healthy endpoints: p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms (${lags.length}/${healthy.length} received; aim: p99 < 1000 ms)`);
  console.log(`FIGURE webhook hanging endpoint: ${hangingSeen} requests opened, none answered (each attempt gives up after 5 s; the others are not held up)`);
} finally {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await server.stop();
}
