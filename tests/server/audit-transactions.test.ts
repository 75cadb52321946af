// The audit trail is written in the transaction of the change it records (server/teams/audit.ts): for
// every audited route, a failure of the audit write after the change's own write leaves neither the
// change nor an event; the same call then succeeds with exactly its events; a refused request writes
// none. The failure is real: the audit table is renamed away for the call, so the event's insert fails
// inside the route's transaction. An order paid after a 3-D Secure page is recorded as placed by the
// member who started the payment. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmPaymentIntentBody } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { upload, validRow, xlsx } from '../fixtures/bulk/workbooks';
import { startServer, type TestResponse, type TestServer } from './harness';
import { moveOrder, orderPayload, placeOrder, quoteFee, resultOf } from './orders-fixtures';
import { addMember, inviteByMail, MEMBER_PASSWORD } from './teamMembers';

const PARENT = DEMO_VENDORS.saParent;
const OLAYA = DEMO_VENDORS.saOlaya;

let server: TestServer;
let owner: string;
let other: string;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' });
  owner = await server.login('vendor@example.com');
  other = await server.login('other@example.com');
}, 60_000);
afterAll(async () => { await server?.stop(); });

interface AuditRow { event_id: string; vendor_id: string; actor: string; action: string; subject: string; detail: string }

const auditRows = async (): Promise<AuditRow[]> =>
  server.app.db.selectFrom('audit_events').select(['event_id', 'vendor_id', 'actor', 'action', 'subject', 'detail']).execute();

/** Events written since `before` (a snapshot of auditRows). */
async function eventsSince(before: readonly AuditRow[]): Promise<AuditRow[]> {
  const seen = new Set(before.map((row) => row.event_id));
  return (await auditRows()).filter((row) => !seen.has(row.event_id));
}

/** Runs `work` while every write to the audit trail fails (its table is renamed away meanwhile). */
async function withAuditWritesFailing<T>(work: () => Promise<T>): Promise<T> {
  await sql.raw('ALTER TABLE audit_events RENAME TO audit_events_away').execute(server.app.db);
  try {
    return await work();
  } finally {
    await sql.raw('ALTER TABLE audit_events_away RENAME TO audit_events').execute(server.app.db);
  }
}

/** One audited change: the call, what it stores (to compare before and after), and the events it must leave. */
interface AuditedCall {
  call: () => Promise<TestResponse>;
  stored: () => Promise<unknown>;
  events: [action: string, vendorId: string][];
}

/**
 * The change first with the audit write failing (500, nothing stored, no event), then as is (200,
 * stored, exactly its events, by `actor`).
 */
async function expectAtomic(change: AuditedCall, actor = 'vendor@example.com'): Promise<TestResponse> {
  const storedBefore = await change.stored();
  const before = await auditRows();
  const failed = await withAuditWritesFailing(change.call);
  expect(failed.status, failed.text).toBe(500);
  expect(await change.stored()).toEqual(storedBefore);
  expect(await eventsSince(before)).toEqual([]);

  const done = await change.call();
  expect(done.status, done.text).toBe(200);
  expect(await change.stored()).not.toEqual(storedBefore);
  const events = await eventsSince(before);
  expect(events.map((e) => [e.action, e.vendor_id]).sort()).toEqual([...change.events].sort());
  expect(events.every((e) => e.actor === actor)).toBe(true);
  return done;
}

const db = () => server.app.db;
const ordersOf = async (vendorId: string) => (await db().selectFrom('orders').select('order_id').where('vendor_id', '=', vendorId).execute()).length;

describe('audit events in the transaction of their change', () => {
  it('places and cancels orders', async () => {
    const quote = await quoteFee(server, owner, OLAYA);
    await expectAtomic({
      call: () => server.call('POST', '/order', { auth: owner, body: orderPayload(OLAYA, quote) }),
      stored: () => ordersOf(OLAYA),
      events: [['order.placed', OLAYA]],
    });
    const orderId = await placeOrder(server, owner, OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    const done = await expectAtomic({
      call: () => server.call('PUT', '/order/cancel', { auth: owner, body: { vendor_id: OLAYA, order_id: orderId, reason: 'cancel.reason.other' } }),
      stored: async () => (await db().selectFrom('orders').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status,
      events: [['order.cancelled', OLAYA]],
    });
    expect(done.status).toBe(200);
  });

  it('changes collection points: the vendor address, a new outlet and its edit', async () => {
    const address = { address_text: 'King Fahd Road, Riyadh', city: 'Riyadh', country_code: 'SA', latitude: 24.71, longitude: 46.67 };
    await expectAtomic({
      call: () => server.call('PUT', `/vendor/${PARENT}/address`, { auth: owner, body: address }),
      stored: async () => (await db().selectFrom('vendors').select('address_text').where('vendor_id', '=', PARENT).executeTakeFirstOrThrow()).address_text,
      events: [['collection-point.changed', PARENT]],
    });
    const outlet = (name: string) => ({
      parent_vendor_id: PARENT, client_vendor_id: 'AUDIT-1', name, address: 'Tahlia Street, Al Sulimaniyah, Riyadh', latitude: 24.7035,
      longitude: 46.706, phone_number: '+966 11 234 5699', city: 'Riyadh', country_code: 'SA',
    });
    const outlets = async () => (await db().selectFrom('vendors').select('vendor_id').where('parent_vendor_id', '=', PARENT).execute()).length;
    const created = await expectAtomic({
      call: () => server.call('POST', '/outlet', { auth: owner, body: outlet('Audit outlet') }),
      stored: outlets,
      events: [['collection-point.changed', PARENT]],
    });
    const outletId = resultOf<{ vendor_id: string }>(created.body).vendor_id;
    await expectAtomic({
      call: () => server.call('PUT', `/outlet/${outletId}`, { auth: owner, body: outlet('Audit outlet (renamed)') }),
      stored: async () => (await db().selectFrom('vendors').select('name').where('vendor_id', '=', outletId).executeTakeFirstOrThrow()).name,
      events: [['collection-point.changed', outletId]],
    });
  });

  it('creates and revokes API keys, one event per vendor of the key', async () => {
    const keys = async () => db().selectFrom('api_keys').select(['key_id', 'revoked_at']).orderBy('key_id').execute();
    const created = await expectAtomic({
      call: () => server.call('POST', '/api-keys', { auth: owner, body: { name: 'Till', access: 'write', vendor_ids: [PARENT, OLAYA] } }),
      stored: keys,
      events: [['api-key.created', OLAYA], ['api-key.created', PARENT]],
    });
    const keyId = resultOf<{ api_key: { key_id: string } }>(created.body).api_key.key_id;
    await expectAtomic({
      call: () => server.call('DELETE', `/api-keys/${keyId}`, { auth: owner }),
      stored: keys,
      events: [['api-key.revoked', OLAYA], ['api-key.revoked', PARENT]],
    });
  });

  it('creates, changes, rotates and deletes webhook endpoints', async () => {
    const endpoints = async () => db().selectFrom('webhook_endpoints').select(['endpoint_id', 'url', 'events', 'secret_box']).orderBy('endpoint_id').execute();
    const created = await expectAtomic({
      call: () => server.call('POST', '/webhooks', { auth: owner, body: { vendor_id: OLAYA, url: 'http://127.0.0.1:9/hook', events: ['order.status_changed'] } }),
      stored: endpoints,
      events: [['webhook.changed', OLAYA]],
    });
    const endpointId = resultOf<{ endpoint: { endpoint_id: string } }>(created.body).endpoint.endpoint_id;
    await expectAtomic({
      call: () => server.call('PUT', `/webhooks/${endpointId}`, { auth: owner, body: { events: ['order.cancelled'] } }),
      stored: endpoints,
      events: [['webhook.changed', OLAYA]],
    });
    await expectAtomic({ call: () => server.call('POST', `/webhooks/${endpointId}/secret`, { auth: owner }), stored: endpoints, events: [['webhook.changed', OLAYA]] });
    await expectAtomic({ call: () => server.call('DELETE', `/webhooks/${endpointId}`, { auth: owner }), stored: endpoints, events: [['webhook.changed', OLAYA]] });
  });

  it('invites, admits, changes and removes members', async () => {
    const invitations = async () => (await db().selectFrom('team_invitations').select('invitation_id').execute()).length;
    await expectAtomic({
      call: () => server.call('POST', `/vendor/${PARENT}/invitations`, { auth: owner, body: { email_address: `audit-${process.pid}@example.com`, role: 'viewer' } }),
      stored: invitations,
      events: [['member.invited', PARENT]],
    });
    const { email, token } = await inviteByMail(server, owner, 'dispatcher', PARENT);
    const joined = await expectAtomic({
      call: () => server.call('POST', '/invitation/accept', { body: { token, password: MEMBER_PASSWORD } }),
      stored: async () => db().selectFrom('accounts').select('account_id').where('email', '=', email).execute(),
      events: [['member.joined', PARENT]],
    }, email);
    const accountId = resultOf<{ user: { id: string } }>(joined.body).user.id;
    const link = async () => db().selectFrom('account_vendors').select(['role', 'status']).where('account_id', '=', accountId).execute();
    await expectAtomic({ call: () => server.call('PUT', `/vendor/${PARENT}/members/${accountId}`, { auth: owner, body: { role: 'viewer' } }), stored: link, events: [['member.changed', PARENT]] });
    await expectAtomic({ call: () => server.call('DELETE', `/vendor/${PARENT}/members/${accountId}`, { auth: owner }), stored: link, events: [['member.removed', PARENT]] });
  });

  it('resends and revokes an invitation', async () => {
    const { email } = await inviteByMail(server, owner, 'viewer', PARENT);
    const invitation = async () => db().selectFrom('team_invitations').select(['token_hash', 'expires_at', 'revoked_at']).where('email', '=', email).execute();
    const { invitation_id: invitationId } = await db().selectFrom('team_invitations').select('invitation_id').where('email', '=', email).executeTakeFirstOrThrow();
    await expectAtomic({ call: () => server.call('POST', `/vendor/${PARENT}/invitations/${invitationId}/resend`, { auth: owner }), stored: invitation, events: [['invitation.resent', PARENT]] });
    await expectAtomic({ call: () => server.call('DELETE', `/vendor/${PARENT}/invitations/${invitationId}`, { auth: owner }), stored: invitation, events: [['invitation.revoked', PARENT]] });
  });

  it('places a bulk job once, however often placement is asked for', async () => {
    const created = await upload(server, owner, await xlsx([validRow()]));
    expect(created.status, created.text).toBe(200);
    const jobId = (created.body as { body: { bulk_job: { bulk_job_id: string } } }).body.bulk_job.bulk_job_id;
    const placement = async () => (await db().selectFrom('bulk_jobs').select('placement').where('bulk_job_id', '=', jobId).executeTakeFirstOrThrow()).placement;
    const vendorId = (await db().selectFrom('bulk_jobs').select('vendor_id').where('bulk_job_id', '=', jobId).executeTakeFirstOrThrow()).vendor_id;
    await expectAtomic({ call: () => server.call('POST', `/bulk-job/place-orders/${jobId}`, { auth: owner, body: {} }), stored: placement, events: [['bulk.placed', vendorId]] });
    const before = await auditRows();
    expect((await server.call('POST', `/bulk-job/place-orders/${jobId}`, { auth: owner, body: {} })).status).toBe(200);
    expect(await eventsSince(before)).toEqual([]);
  });

  it('sends no export it could not record, and records each one it sends', async () => {
    const now = server.app.clock.nowS();
    const body = { vendor_id: OLAYA, from: now - 86_400, to: now, format: 'csv', delivery: 'download' };
    const before = await auditRows();
    const failed = await withAuditWritesFailing(() => server.call('POST', '/orders/export', { auth: owner, body }));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).not.toMatch(/text\/csv/);
    expect(await eventsSince(before)).toEqual([]);
    const sent = await server.call('POST', '/orders/export', { auth: owner, body });
    expect(sent.status).toBe(200);
    expect((await eventsSince(before)).map((e) => e.action)).toEqual(['export.downloaded']);
  });

  it('writes no event for a refused request', async () => {
    const quote = await quoteFee(server, owner, OLAYA);
    const before = await auditRows();
    const refused = [
      await server.call('POST', '/order', { auth: other, body: orderPayload(OLAYA, quote) }),
      await server.call('PUT', '/order/cancel', { auth: owner, body: { vendor_id: OLAYA } }),
      await server.call('PUT', `/vendor/${PARENT}/address`, { auth: other, body: { address_text: 'x', city: 'Riyadh', country_code: 'SA', latitude: 24.7, longitude: 46.7 } }),
      await server.call('POST', '/api-keys', { auth: owner, body: { name: 'Foreign', access: 'read', vendor_ids: [DEMO_VENDORS.singapore] } }),
      await server.call('DELETE', '/api-keys/no-such-key', { auth: owner }),
      await server.call('POST', '/webhooks', { auth: owner, body: { vendor_id: OLAYA, url: 'not a url', events: ['order.cancelled'] } }),
      await server.call('DELETE', '/webhooks/we_unknown', { auth: owner }),
      await server.call('PUT', `/vendor/${PARENT}/members/no-such-account`, { auth: owner, body: { role: 'viewer' } }),
      await server.call('POST', `/vendor/${PARENT}/invitations`, { auth: owner, body: { email_address: 'not-an-address', role: 'viewer' } }),
      await server.call('POST', '/orders/export', { auth: owner, body: { vendor_id: OLAYA, from: 10, to: 5, format: 'csv', delivery: 'download' } }),
      await server.call('POST', '/bulk-job/place-orders/unknown-job', { auth: owner, body: {} }),
    ];
    expect(refused.map((answer) => answer.status).filter((status) => status < 400 || status >= 500)).toEqual([]);
    expect(new Set(refused.map((answer) => answer.status))).toEqual(new Set([400, 403, 404, 422]));
    expect(await eventsSince(before)).toEqual([]);
  });
});

describe('an order paid after a 3-D Secure page', () => {
  it('is recorded as placed by the member who started the payment, once, in the order\'s transaction', async () => {
    const dispatcher = await addMember(server, owner, 'dispatcher', PARENT);
    const wallet = resultOf<{ wallet_id: string; access_token: string }>((await server.call('POST', `/order/payment/auth/${OLAYA}`, { auth: dispatcher.auth, body: {} })).body);
    const order = orderPayload(OLAYA, await quoteFee(server, dispatcher.auth, OLAYA));
    order.order = { ...order.order, payment_method: 'ONLINE_PAYMENT' };
    const intent = await server.call('POST', '/order/payment/intent', { auth: dispatcher.auth, body: { wallet_id: wallet.wallet_id, bearer_token: wallet.access_token, vendor_id: OLAYA, order } });
    expect(intent.status, intent.text).toBe(200);
    const { intent_id, payment_methods } = resultOf<{ intent_id: string; payment_methods: string[] }>(intent.body);
    const confirm: ConfirmPaymentIntentBody = {
      order: { vendor_id: OLAYA, vat_number: null, preordered_for: null }, bearer_token: wallet.access_token, purchase_intent_id: intent_id,
      payment_method: payment_methods[0] ?? '', payment_instrument_id: 'NEW',
      card: { number: '4000000000003220', expiry_month: 12, expiry_year: 2035, cvc: '123', holder_name: 'Sara Al-Harbi' }, save_card: false,
    };
    const confirmed = await server.call('POST', '/order/payment/intent/confirm', { auth: dispatcher.auth, body: confirm });
    const { order_id: orderId, redirect_required } = resultOf<{ order_id: string; redirect_required: { redirectUrl: string } }>(confirmed.body);
    const before = await auditRows();
    // The bank's page posts without the member's session.
    const approve = () => fetch(new URL(redirect_required.redirectUrl, server.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=approve', redirect: 'manual',
    });
    // The audit write failing: neither the order nor its event; the page posted again places both.
    expect((await withAuditWritesFailing(approve)).status).toBe(500);
    expect(await db().selectFrom('orders').select('order_id').where('order_id', '=', orderId).execute()).toHaveLength(0);
    expect(await eventsSince(before)).toEqual([]);
    expect((await approve()).status).toBe(303);
    await approve();
    const events = await eventsSince(before);
    expect(events.map((e) => ({ action: e.action, subject: e.subject, vendor: e.vendor_id, actor: e.actor, detail: JSON.parse(e.detail) as unknown }))).toEqual([
      { action: 'order.placed', subject: orderId, vendor: OLAYA, actor: dispatcher.email, detail: { payment: 'online' } },
    ]);
    expect(await db().selectFrom('orders').select('order_id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });
});
