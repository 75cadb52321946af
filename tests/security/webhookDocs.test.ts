// The Node verification snippet of docs/webhooks.md, run as a receiver would run it, against
// signatures made by the server's signer and against a real delivery from the running server to a
// receiver on loopback: a guide whose code drifted from the sender fails here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Ajv } from 'ajv';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../domain/api';
import { signWebhook } from '../../server/webhooks/signature';
import { startServer, type TestServer } from '../server/harness';
import { placeOrder, resultOf, SA_OLAYA } from '../server/orders-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../server/webhookReceiver';

type Verify = (secret: string, header: string, rawBody: string, nowS?: number, toleranceS?: number) => boolean;

function nodeSnippet(): Verify {
  const guide = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /<!-- verify-snippet:node -->\s*```js\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no Node snippet');
  // The snippet is plain CommonJS: give it `require` and take its function back.
  return new Function('require', `${code}\nreturn verifyWebhook;`)(createRequire(import.meta.url)) as Verify;
}

describe('docs/webhooks.md Node snippet', () => {
  const verify = nodeSnippet();
  const body = JSON.stringify({ id: 'evt_1', type: 'order.status_changed', data: { order_id: 'o-1', status: 'DELIVERED' } });
  const t = 1_800_000_000;

  it('accepts what the server signs, with either secret while rotating', () => {
    expect(verify('secret-a', signWebhook(['secret-a'], t, body), body, t)).toBe(true);
    const rotating = signWebhook(['secret-old', 'secret-new'], t, body);
    expect(verify('secret-old', rotating, body, t)).toBe(true);
    expect(verify('secret-new', rotating, body, t)).toBe(true);
  });

  it('refuses a changed body, another secret, a replay outside 300 s and a malformed header', () => {
    const header = signWebhook(['secret-a'], t, body);
    expect(verify('secret-a', header, `${body} `, t)).toBe(false);
    expect(verify('secret-b', header, body, t)).toBe(false);
    expect(verify('secret-a', header, body, t + 301)).toBe(false);
    expect(verify('secret-a', 'nonsense', body, t)).toBe(false);
  });
});

describe('docs/webhooks.md Node snippet on a real delivery', () => {
  let server: TestServer | undefined;
  let receiver: WebhookReceiver | undefined;
  afterAll(async () => {
    await receiver?.close();
    await server?.stop();
  });

  it('verifies the raw body and Webhook-Signature header the server sent', async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' });
    receiver = await startWebhookReceiver();
    const hook = receiver;
    const auth = await server.login('vendor@example.com');
    const registered = await server.call('POST', '/webhooks', { auth, body: { vendor_id: SA_OLAYA, url: hook.url, events: ['order.created'] } });
    expect(registered.status, registered.text).toBe(200);
    const { secret } = resultOf<{ secret: string }>(registered.body);
    await placeOrder(server, auth, SA_OLAYA);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 15_000, interval: 50 });
    const [delivery] = hook.received;
    const verify = nodeSnippet();
    const nowS = server.app.clock.nowS();
    expect(verify(secret, String(delivery?.headers['webhook-signature']), delivery?.body ?? '', nowS)).toBe(true);
    expect(verify(secret, String(delivery?.headers['webhook-signature']), `${delivery?.body ?? ''}\n`, nowS)).toBe(false);

    // The body is what /api-docs publishes for its event type.
    const document = (await server.call('GET', `${server.baseUrl}/api-docs/openapi.json`)).body as OpenApiWebhooks;
    const schema = document.webhooks['order.created']?.post.requestBody.content['application/json'].schema;
    const validate = new Ajv({ strict: false }).compile(schema ?? false);
    expect(validate(JSON.parse(delivery?.body ?? '{}')), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...JSON.parse(delivery?.body ?? '{}'), created_at: 'yesterday' })).toBe(false);
  });
});

interface OpenApiWebhooks {
  webhooks: Record<string, { post: { description: string; requestBody: { content: { 'application/json': { schema: object } } } } } | undefined>;
  components: { schemas: Record<string, unknown> };
}

describe('/api-docs documents every webhook event', () => {
  let server: TestServer | undefined;
  afterAll(async () => { await server?.stop(); });

  it('lists each event type under `webhooks` with its body schema, the signature header, and the bodies as components', async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
    const document = (await server.call('GET', `${server.baseUrl}/api-docs/openapi.json`)).body as OpenApiWebhooks;
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    for (const type of [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]) {
      const post = document.webhooks[type]?.post;
      expect(post?.description).toContain('Webhook-Signature');
      expect(post?.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'type', 'created_at']) });
    }
    expect(document.webhooks['order.proof_available']?.post.requestBody.content['application/json'].schema).toMatchObject({ properties: { proof: { type: 'object' } } });
    expect(document.webhooks['bulk_job.finished']?.post.requestBody.content['application/json'].schema).toMatchObject({ properties: { bulk_job: { type: 'object' } } });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['OrderWebhookEvent', 'ProofAvailableWebhookEvent', 'BulkJobFinishedWebhookEvent', 'TestWebhookEvent']));
    const page = await server.call('GET', `${server.baseUrl}/api-docs`);
    expect(page.text).toContain('Webhook order.proof_available');
    expect(page.text).toContain('bulk_job.finished');
  });
});
