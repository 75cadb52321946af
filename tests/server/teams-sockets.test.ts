// A suspended or removed member's live-update sockets close at once (issue #27: "members can be
// suspended or removed at once (their sessions and sockets end)"), with the close every ended
// session gets (4401 `session.ended`); another member's socket stays open. Tests wait for events.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DEMO_VENDORS } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';
import { addMember } from './teamMembers';

interface Live { socket: WebSocket; messages: { type: string; vendor_id?: string }[]; closed: Promise<{ code: number; reason: string }> }

function subscribed(server: TestServer, auth: string, vendorId: string): Promise<Live> {
  const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`);
  const messages: Live['messages'] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Live['messages'][number]));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: vendorId }));
      vi.waitFor(() => expect(messages).toContainEqual({ type: 'subscribe_ok', vendor_id: vendorId }))
        .then(() => resolve({ socket, messages, closed }), reject);
    });
  });
}

const SESSION_ENDED = { code: 4401, reason: 'session.ended' };
const PARENT = DEMO_VENDORS.saParent;
const OLAYA = DEMO_VENDORS.saOlaya;

describe('a member\'s sockets end with its membership', () => {
  let server: TestServer;
  let owner: string;
  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' });
    owner = await server.login('vendor@example.com');
  });
  afterAll(async () => { await server?.stop(); });

  it('closes on suspension, and leaves another member\'s socket open', async () => {
    const suspended = await addMember(server, owner, 'dispatcher', PARENT);
    const bystander = await addMember(server, owner, 'viewer', PARENT);
    const live = await subscribed(server, suspended.auth, OLAYA);
    const other = await subscribed(server, bystander.auth, OLAYA);
    const answer = await server.call('PUT', `/vendor/${PARENT}/members/${suspended.accountId}`, { auth: owner, body: { status: 'suspended' } });
    expect(answer.status, answer.text).toBe(200);
    expect(await live.closed).toEqual(SESSION_ENDED);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it('closes on removal', async () => {
    const removed = await addMember(server, owner, 'manager', OLAYA);
    const live = await subscribed(server, removed.auth, OLAYA);
    expect((await server.call('DELETE', `/vendor/${OLAYA}/members/${removed.accountId}`, { auth: owner })).status).toBe(200);
    expect(await live.closed).toEqual(SESSION_ENDED);
  });
});
