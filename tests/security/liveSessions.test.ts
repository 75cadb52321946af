// Live-update sockets end with their session (API.md "Live updates"): logout, password reset,
// account disabled, access token expired without a refresh, and an end decided by another process
// (seen only in the database) each close the socket with 4401 `session.ended`; a message on a
// socket whose session has ended is answered with that close. Tests wait for the close event.
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Principal } from '../../server/auth/principal';
import { createSessionEnds } from '../../server/auth/sessionEnds';
import { MetricsRegistry } from '../../server/http/metrics';
import { createInProcessPubSub } from '../../server/live/pubsub';
import { liveRoutes } from '../../server/live/ws';
import { startServer, type TestServer } from '../server/harness';
import { isResetMail, mailAfter, resetCodeOf } from '../server/mailWait';

interface Message { type: string; vendor_id?: string; message?: string }
interface Live { socket: WebSocket; messages: Message[]; closed: Promise<{ code: number; reason: string }> }

function connect(url: string): Promise<Live> {
  const socket = new WebSocket(url);
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

async function subscribed(server: TestServer, auth: string, vendorId: string): Promise<Live> {
  const live = await connect(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`);
  live.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: vendorId }));
  await vi.waitFor(() => expect(live.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: vendorId }));
  return live;
}

const SESSION_ENDED = { code: 4401, reason: 'session.ended' };

describe('a session\'s sockets close when it ends', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }); });
  afterAll(async () => { await server?.stop(); });

  it('on logout (every socket of the account, another session\'s too)', async () => {
    const auth = await server.login('other@example.com');
    const secondDevice = await server.login('other@example.com');
    const first = await subscribed(server, auth, 'sg-2000');
    const second = await subscribed(server, secondDevice, 'kw-4000');
    expect((await server.call('POST', '/logout', { auth, body: {} })).status).toBe(200);
    expect(await first.closed).toEqual(SESSION_ENDED);
    expect(await second.closed).toEqual(SESSION_ENDED);
  });

  it('on account disable through ops, and not for another account', async () => {
    const auth = await server.login('vendor@example.com');
    const bystander = await subscribed(server, await server.login('other@example.com'), 'sg-2000');
    const live = await subscribed(server, auth, 'sa-1000');
    const disabled = await server.call('POST', '/ops/accounts/disable', { auth: `Ops ${server.opsToken}`, body: { email_address: 'vendor@example.com' } });
    expect(disabled.status).toBe(200);
    expect(await live.closed).toEqual(SESSION_ENDED);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
    bystander.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: 'pk-3000' }));
    await vi.waitFor(() => expect(bystander.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: 'pk-3000' }));
    bystander.socket.close();
    await server.call('POST', '/ops/accounts/enable', { auth: `Ops ${server.opsToken}`, body: { email_address: 'vendor@example.com' } });
  });

  it('on password reset', async () => {
    const live = await subscribed(server, await server.login('vendor@example.com'), 'sa-1000');
    const code = resetCodeOf(await mailAfter(server, 'vendor@example.com', async () => {
      expect((await server.call('POST', '/password/forgot', { body: { email_address: 'vendor@example.com' } })).status).toBe(200);
    }, isResetMail));
    const reset = await server.call('POST', '/password/reset', { body: { email_address: 'vendor@example.com', code, password: 'Fresh!Reset-2026' } });
    expect(reset.status).toBe(200);
    expect(await live.closed).toEqual(SESSION_ENDED);
  });

  it('when another process ends the session (only the database knows)', async () => {
    const live = await subscribed(server, await server.login('other@example.com'), 'sg-2000');
    const account = await server.app.db.selectFrom('accounts').select('account_id').where('email', '=', 'other@example.com').executeTakeFirstOrThrow();
    await server.app.db.updateTable('refresh_tokens').set({ revoked_at: Math.floor(Date.now() / 1000) }).where('account_id', '=', account.account_id).execute();
    expect(await live.closed).toEqual(SESSION_ENDED);
  });
});

describe('access token expiry', () => {
  it('closes the socket once its access token expires without a refresh', async () => {
    const server = await startServer({ COURIER_SIM_SPEED: '0', ACCESS_TOKEN_TTL_S: '2' });
    try {
      const live = await subscribed(server, await server.login('vendor@example.com'), 'sa-1000');
      expect(await live.closed).toEqual(SESSION_ENDED);
    } finally {
      await server.stop();
    }
  });
});

describe('a message on a socket of an ended session', () => {
  it('is answered with the 4401 close, not with subscribe_ok', async () => {
    let principal: Principal = { kind: 'godroid', vendorId: 'v-1' };
    const app = Fastify();
    app.decorate('metrics', new MetricsRegistry());
    app.decorate('config', { appOrigins: [] } as never);
    app.decorate('sessionEnds', createSessionEnds());
    app.decorate('principalOf', async () => principal);
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => { request.principal = principal; });
    await app.register(fastifyWebsocket);
    // The periodic check never runs during the test: only the message can find the end.
    await app.register(liveRoutes, { pubsub: createInProcessPubSub(), sessionCheckIntervalMs: 3_600_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const live = await connect(`ws://127.0.0.1:${port}/ws?Authorization=GoDroid%20t`);
      live.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: 'v-1' }));
      await vi.waitFor(() => expect(live.messages).toEqual([{ type: 'subscribe_ok', vendor_id: 'v-1' }]));
      principal = null;
      live.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: 'v-1' }));
      expect(await live.closed).toEqual(SESSION_ENDED);
      expect(live.messages).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
