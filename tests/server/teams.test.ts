// Teams, roles and audit (issue #27) over the real routes: the demo account is the owner of its
// vendors; the owner invites by mail (link valid 72 h on the server clock), the invitee signs up
// through it with the role given; roles are refused on the server with their own key; suspending or
// removing ends the member's session at once; the last owner stays; the audit trail records who did
// what, filtered and as CSV, for owners and managers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRoles, AuditTrail, Team } from '../../domain/api';
import { DEMO_VENDORS } from '../../server/db/seed';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { mailAfter } from './mailWait';
import { addMember, inviteByMail, MEMBER_PASSWORD } from './teamMembers';
import { moveOrder, placeOrder, resultOf } from './orders-fixtures';

let server: TestServer;
let owner: string;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  owner = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const PARENT = DEMO_VENDORS.saParent;
const OLAYA = DEMO_VENDORS.saOlaya;
const PASSWORD = MEMBER_PASSWORD;
const invite = (role: string, vendorId: string = PARENT) => inviteByMail(server, owner, role, vendorId);
const member = (role: string, vendorId: string = PARENT) => addMember(server, owner, role, vendorId);

const errorKey = (answer: { body: unknown }) => (answer.body as { message?: string }).message;

describe('roles of existing accounts', () => {
  it('makes the single-user account the owner of its vendors and their outlets', async () => {
    const answer = await server.call('GET', '/account/roles', { auth: owner });
    const roles = resultOf<AccountRoles>(answer.body);
    expect(roles.find((r) => r.vendor_id === PARENT)?.role).toBe('owner');
    expect(roles.find((r) => r.vendor_id === OLAYA)).toMatchObject({ role: 'owner', capabilities: expect.arrayContaining(['team', 'audit', 'exports']) });
  });
});

describe('invitations', () => {
  it('mails a link; the invitee signs up through it and becomes a dispatcher', async () => {
    const { email, token } = await invite('dispatcher');
    const page = await server.call('GET', `/invitation?token=${encodeURIComponent(token)}`);
    expect(page.status, page.text).toBe(200);
    expect(resultOf(page.body)).toMatchObject({ email, role: 'dispatcher', has_account: false });
    const accepted = await server.call('POST', '/invitation/accept', { body: { token, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    // Signed in with the password chosen, and the link is spent.
    const auth = await server.login(email, PASSWORD);
    const roles = resultOf<AccountRoles>((await server.call('GET', '/account/roles', { auth })).body);
    expect(roles.find((r) => r.vendor_id === OLAYA)).toEqual({ vendor_id: OLAYA, role: 'dispatcher', capabilities: ['orders.view', 'orders.place', 'orders.cancel'] });
    // The vendors answer carries the role, so the app hides what it does not allow.
    const vendors = resultOf<{ vendors: { vendor_id: string; role?: string }[] }>((await server.call('GET', '/vendors', { auth })).body).vendors;
    expect(vendors.find((v) => v.vendor_id === OLAYA)?.role).toBe('dispatcher');
    const again = await server.call('POST', '/invitation/accept', { body: { token, password: PASSWORD } });
    expect([again.status, errorKey(again)]).toEqual([422, 'team.error.invitation-invalid']);
    const team = resultOf<Team>((await server.call('GET', `/vendor/${PARENT}/members`, { auth: owner })).body);
    expect(team.members).toContainEqual(expect.objectContaining({ email, role: 'dispatcher', status: 'active', vendor_id: PARENT }));
    expect(team.invitations.map((i) => i.email)).not.toContain(email);
  });

  it('lets an existing account join with its own password, and refuses a wrong one', async () => {
    const { token } = await (async () => {
      const mail = await mailAfter(server, 'other@example.com', async () => {
        const answer = await server.call('POST', `/vendor/${OLAYA}/invitations`, { auth: owner, body: { email_address: 'Other@Example.com', role: 'viewer' } });
        expect(answer.status, answer.text).toBe(200);
      });
      return { token: decodeURIComponent(/invitation\?token=(\S+)/.exec(mail.text)?.[1] ?? '') };
    })();
    expect(resultOf(( await server.call('GET', `/invitation?token=${encodeURIComponent(token)}`)).body)).toMatchObject({ has_account: true, role: 'viewer' });
    const wrong = await server.call('POST', '/invitation/accept', { body: { token, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    const right = await server.call('POST', '/invitation/accept', { body: { token, password: 'Portal!2026' } });
    expect(right.status, right.text).toBe(200);
    const other = await server.login('other@example.com');
    const roles = resultOf<AccountRoles>((await server.call('GET', '/account/roles', { auth: other })).body);
    expect(roles.find((r) => r.vendor_id === OLAYA)?.role).toBe('viewer');
    // Its own vendors stay its own, as owner.
    expect(roles.find((r) => r.vendor_id === DEMO_VENDORS.singapore)?.role).toBe('owner');
    // Viewing Olaya's orders is allowed; the parent stays out of reach.
    expect((await server.call('GET', `/vendor/${OLAYA}/orders`, { auth: other })).status).toBe(200);
    expect((await server.call('GET', `/vendor/${PARENT}/orders`, { auth: other })).status).toBe(403);
  });

  it('expires the link after 72 hours of server time', async () => {
    const { token } = await invite('viewer');
    advanceClock(server, 72 * 3600 - 60);
    expect((await server.call('GET', `/invitation?token=${encodeURIComponent(token)}`)).status).toBe(200);
    advanceClock(server, 60);
    const late = await server.call('POST', '/invitation/accept', { body: { token, password: PASSWORD } });
    expect([late.status, errorKey(late)]).toEqual([422, 'team.error.invitation-expired']);
    // Three days on, the owner's one-hour session has lapsed too.
    owner = await server.login('vendor@example.com');
  });

  it('refuses a weak password for a new account with the sign-up rules', async () => {
    const { token } = await invite('viewer');
    const weak = await server.call('POST', '/invitation/accept', { body: { token, password: 'short' } });
    expect(weak.status).toBe(422);
    expect((await server.call('GET', `/invitation?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });
});

describe('resending and revoking invitations', () => {
  const invitationOf = async (email: string) =>
    resultOf<Team>((await server.call('GET', `/vendor/${PARENT}/members`, { auth: owner })).body).invitations.find((i) => i.email === email);
  const linkIn = (text: string) => decodeURIComponent(/invitation\?token=(\S+)/.exec(text)?.[1] ?? '');

  it('resends an expired invitation with a fresh 72 h link; the old link stops working; the resend is audited', async () => {
    const { email, token: first } = await invite('dispatcher');
    const sent = await invitationOf(email);
    advanceClock(server, 72 * 3600 + 60);
    owner = await server.login('vendor@example.com');
    const now = server.app.clock.nowS();
    let answer: Awaited<ReturnType<TestServer['call']>> | undefined;
    const mail = await mailAfter(server, email, async () => {
      answer = await server.call('POST', `/vendor/${PARENT}/invitations/${sent?.invitation_id}/resend`, { auth: owner });
      expect(answer.status, answer.text).toBe(200);
    });
    const resent = resultOf<Team['invitations'][number]>(answer?.body);
    expect(resent).toMatchObject({ invitation_id: sent?.invitation_id, email, role: 'dispatcher', expires_at: now + 72 * 3600 });
    expect(await invitationOf(email)).toEqual(resent);
    const second = linkIn(mail.text);
    expect(second).not.toBe(first);
    const old = await server.call('POST', '/invitation/accept', { body: { token: first, password: PASSWORD } });
    expect([old.status, errorKey(old)]).toEqual([422, 'team.error.invitation-invalid']);
    expect(resultOf((await server.call('GET', `/invitation?token=${encodeURIComponent(second)}`)).body)).toMatchObject({ email, role: 'dispatcher' });
    const trail = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?action=invitation.resent`, { auth: owner })).body);
    expect(trail.map((e) => [e.subject, e.actor, e.detail])).toContainEqual([email, 'vendor@example.com', { role: 'dispatcher' }]);
  });

  it('revokes an invitation: it leaves the list, its link stops working, the revoke is audited; a second revoke or a resend is a 404', async () => {
    const { email, token } = await invite('viewer');
    const sent = await invitationOf(email);
    const revoked = await server.call('DELETE', `/vendor/${PARENT}/invitations/${sent?.invitation_id}`, { auth: owner });
    expect(revoked.status, revoked.text).toBe(200);
    expect(await invitationOf(email)).toBeUndefined();
    const accept = await server.call('POST', '/invitation/accept', { body: { token, password: PASSWORD } });
    expect([accept.status, errorKey(accept)]).toEqual([422, 'team.error.invitation-invalid']);
    const trail = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?action=invitation.revoked`, { auth: owner })).body);
    expect(trail.map((e) => [e.subject, e.actor, e.detail])).toContainEqual([email, 'vendor@example.com', { role: 'viewer' }]);
    for (const [method, path] of [['DELETE', ''], ['POST', '/resend']] as const) {
      const again = await server.call(method, `/vendor/${PARENT}/invitations/${sent?.invitation_id}${path}`, { auth: owner });
      expect([again.status, errorKey(again)]).toEqual([404, 'team.error.no-invitation']);
    }
    const events = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?action=invitation.revoked`, { auth: owner })).body);
    expect(events.filter((e) => e.subject === email)).toHaveLength(1);
  });

  it('refuses to resend to an address that has joined meanwhile, and acts on no other vendor\'s invitation', async () => {
    const { email } = await invite('viewer');
    const sent = await invitationOf(email);
    // The same address joins through a second invitation.
    const mail = await mailAfter(server, email, async () => {
      const again = await server.call('POST', `/vendor/${PARENT}/invitations`, { auth: owner, body: { email_address: email, role: 'manager' } });
      expect(again.status, again.text).toBe(200);
    });
    const accepted = await server.call('POST', '/invitation/accept', { body: { token: linkIn(mail.text), password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    const joined = await server.call('POST', `/vendor/${PARENT}/invitations/${sent?.invitation_id}/resend`, { auth: owner });
    expect([joined.status, errorKey(joined)]).toEqual([409, 'team.error.already-member']);
    const other = await server.login('other@example.com');
    const foreign = await server.call('POST', `/vendor/${PARENT}/invitations/${sent?.invitation_id}/resend`, { auth: other });
    expect(foreign.status).toBe(403);
    const wrongVendor = await server.call('DELETE', `/vendor/${DEMO_VENDORS.singapore}/invitations/${sent?.invitation_id}`, { auth: other });
    expect([wrongVendor.status, errorKey(wrongVendor)]).toEqual([404, 'team.error.no-invitation']);
    expect(await invitationOf(email)).toBeDefined();
  });
});

describe('roles on the server', () => {
  it('lets a dispatcher place and cancel, and refuses exports, settings, team and audit with the role key', async () => {
    const dispatcher = await member('dispatcher');
    const orderId = await placeOrder(server, dispatcher.auth, OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    const cancelled = await server.call('PUT', '/order/cancel', { auth: dispatcher.auth, body: { vendor_id: OLAYA, order_id: orderId, reason: 'cancel.reason.duplicate-order' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = [
      await server.call('POST', '/orders/export', { auth: dispatcher.auth, body: { vendor_id: OLAYA, from: '2026-01-01', to: '2026-01-31' } }),
      await server.call('GET', `/vendor/${PARENT}/members`, { auth: dispatcher.auth }),
      await server.call('GET', `/vendor/${PARENT}/audit`, { auth: dispatcher.auth }),
      await server.call('PUT', `/vendor/${OLAYA}/notification-settings`, { auth: dispatcher.auth, body: { email: [], sms: [] } }),
      await server.call('GET', '/webhooks', { auth: dispatcher.auth }),
      await server.call('GET', '/api-keys', { auth: dispatcher.auth }),
    ];
    expect(refused.map((a) => [a.status, errorKey(a)])).toEqual(refused.map(() => [403, 'error.role-forbidden']));
  });

  it('lets a viewer track and read history but not request or cancel', async () => {
    const viewer = await member('viewer');
    const orderId = await placeOrder(server, owner, OLAYA);
    expect((await server.call('GET', `/order?vendorId=${OLAYA}&orderId=${orderId}`, { auth: viewer.auth })).status).toBe(200);
    expect((await server.call('GET', `/vendor/${PARENT}/orders?include_outlets=true`, { auth: viewer.auth })).status).toBe(200);
    const cancel = await server.call('PUT', '/order/cancel', { auth: viewer.auth, body: { vendor_id: OLAYA, order_id: orderId, reason: 'cancel.reason.other' } });
    expect([cancel.status, errorKey(cancel)]).toEqual([403, 'error.role-forbidden']);
    const fee = await server.call('POST', '/delivery/fee', { auth: viewer.auth, body: { source: { latitude: 24.69, longitude: 46.68 }, destination: { latitude: 24.66, longitude: 46.73 }, vendor_id: OLAYA, delivery_type: 'food' } });
    expect(fee.status).toBe(403);
  });

  it('gives a manager exports and the audit trail but not the team', async () => {
    const manager = await member('manager');
    expect((await server.call('GET', `/vendor/${PARENT}/audit`, { auth: manager.auth })).status).toBe(200);
    const team = await server.call('GET', `/vendor/${PARENT}/members`, { auth: manager.auth });
    expect([team.status, errorKey(team)]).toEqual([403, 'error.role-forbidden']);
  });

  it('limits a member linked to one outlet to that outlet', async () => {
    const outletDispatcher = await member('dispatcher', OLAYA);
    expect((await server.call('GET', `/vendor/${OLAYA}/orders`, { auth: outletDispatcher.auth })).status).toBe(200);
    const parent = await server.call('GET', `/vendor/${PARENT}/orders`, { auth: outletDispatcher.auth });
    expect([parent.status, errorKey(parent)]).toEqual([403, 'error.forbidden']);
    expect((await server.call('GET', `/vendor/${DEMO_VENDORS.saDiriyah}/orders`, { auth: outletDispatcher.auth })).status).toBe(403);
  });
});

describe('changing, suspending and removing members', () => {
  it('changes a role at once', async () => {
    const someone = await member('viewer');
    const changed = await server.call('PUT', `/vendor/${PARENT}/members/${someone.accountId}`, { auth: owner, body: { role: 'manager' } });
    expect(changed.status, changed.text).toBe(200);
    expect((await server.call('GET', `/vendor/${PARENT}/audit`, { auth: someone.auth })).status).toBe(200);
  });

  it('ends the sessions of a suspended member at once, and lets it back in when reactivated', async () => {
    const someone = await member('dispatcher');
    expect((await server.call('GET', '/vendors', { auth: someone.auth })).status).toBe(200);
    const suspended = await server.call('PUT', `/vendor/${PARENT}/members/${someone.accountId}`, { auth: owner, body: { status: 'suspended' } });
    expect(suspended.status, suspended.text).toBe(200);
    expect((await server.call('GET', '/vendors', { auth: someone.auth })).status).toBe(401);
    // Signing in again reaches nothing of the vendor while suspended.
    const again = await server.login(someone.email, PASSWORD);
    expect((await server.call('GET', `/vendor/${OLAYA}/orders`, { auth: again })).status).toBe(403);
    await server.call('PUT', `/vendor/${PARENT}/members/${someone.accountId}`, { auth: owner, body: { status: 'active' } });
    expect((await server.call('GET', `/vendor/${OLAYA}/orders`, { auth: again })).status).toBe(200);
  });

  it('removes a member: its session ends and it reaches nothing', async () => {
    const someone = await member('manager');
    const removed = await server.call('DELETE', `/vendor/${PARENT}/members/${someone.accountId}`, { auth: owner });
    expect(removed.status, removed.text).toBe(200);
    expect((await server.call('GET', '/vendors', { auth: someone.auth })).status).toBe(401);
    const team = resultOf<Team>((await server.call('GET', `/vendor/${PARENT}/members`, { auth: owner })).body);
    expect(team.members.map((m) => m.email)).not.toContain(someone.email);
  });

  it('keeps the last owner: it can be neither demoted, suspended nor removed', async () => {
    const roles = await server.call('GET', '/account/roles', { auth: owner });
    expect(roles.status).toBe(200);
    const ownerId = (await server.app.db.selectFrom('accounts').select('account_id').where('email', '=', 'vendor@example.com').executeTakeFirstOrThrow()).account_id;
    for (const [method, body] of [['PUT', { role: 'manager' }], ['PUT', { status: 'suspended' }], ['DELETE', undefined]] as const) {
      const answer = await server.call(method, `/vendor/${PARENT}/members/${ownerId}`, { auth: owner, ...(body ? { body } : {}) });
      expect([answer.status, errorKey(answer)]).toEqual([409, 'team.error.last-owner']);
    }
    // With a second owner, the first may step down.
    const second = await member('owner');
    const demoted = await server.call('PUT', `/vendor/${PARENT}/members/${ownerId}`, { auth: owner, body: { role: 'manager' } });
    expect(demoted.status, demoted.text).toBe(200);
    const back = await server.call('PUT', `/vendor/${PARENT}/members/${ownerId}`, { auth: second.auth, body: { role: 'owner' } });
    expect(back.status, back.text).toBe(200);
  });
});

describe('the audit trail', () => {
  it('records who placed and cancelled (with the reason), filtered by member and action, and as CSV', async () => {
    const dispatcher = await member('dispatcher');
    const orderId = await placeOrder(server, dispatcher.auth, OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    await server.call('PUT', '/order/cancel', { auth: dispatcher.auth, body: { vendor_id: OLAYA, order_id: orderId, reason: 'cancel.reason.wrong-order-details' } });
    const trail = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?actor=${encodeURIComponent(dispatcher.email)}`, { auth: owner })).body);
    expect(trail.map((e) => [e.action, e.subject, e.vendor_id])).toEqual([
      ['order.cancelled', orderId, OLAYA], ['order.placed', orderId, OLAYA], ['member.joined', dispatcher.email, PARENT],
    ]);
    expect(trail[0]?.detail).toEqual({ reason: 'cancel.reason.wrong-order-details' });
    const cancels = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?action=order.cancelled`, { auth: owner })).body);
    expect(cancels.every((e) => e.action === 'order.cancelled')).toBe(true);
    expect(cancels.map((e) => e.subject)).toContain(orderId);
    const invites = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?action=member.invited`, { auth: owner })).body);
    expect(invites.map((e) => e.subject)).toContain(dispatcher.email);
    expect(invites.every((e) => e.actor === 'vendor@example.com')).toBe(true);

    const csv = await server.call('GET', `/vendor/${PARENT}/audit.csv?actor=${encodeURIComponent(dispatcher.email)}`, { auth: owner });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('time,vendor_id,member,action,subject,detail');
    expect(lines[1]).toContain(`,${OLAYA},${dispatcher.email},order.cancelled,${orderId},reason=cancel.reason.wrong-order-details`);
  });

  it('filters by period on the server clock', async () => {
    advanceClock(server, 10);
    const from = server.app.clock.nowS();
    await placeOrder(server, owner, OLAYA);
    const within = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?from=${from}&action=order.placed`, { auth: owner })).body);
    expect(within.length).toBe(1);
    const before = resultOf<AuditTrail>((await server.call('GET', `/vendor/${PARENT}/audit?to=${from}&action=order.placed`, { auth: owner })).body);
    expect(before.every((e) => e.at < from)).toBe(true);
  });

  it('records exports and webhook changes', async () => {
    const now = server.app.clock.nowS();
    const exported = await server.call('POST', '/orders/export', { auth: owner, body: { vendor_id: OLAYA, from: now - 86_400, to: now, format: 'csv', delivery: 'download' } });
    expect(exported.status, exported.text).toBe(200);
    const hook = await server.call('POST', '/webhooks', { auth: owner, body: { vendor_id: OLAYA, url: 'http://127.0.0.1:9/hook', events: ['order.status_changed'] } });
    expect(hook.status, hook.text).toBe(200);
    const endpointId = resultOf<{ endpoint: { endpoint_id: string } }>(hook.body).endpoint.endpoint_id;
    expect((await server.call('DELETE', `/webhooks/${endpointId}`, { auth: owner })).status).toBe(200);
    const trail = resultOf<AuditTrail>((await server.call('GET', `/vendor/${OLAYA}/audit`, { auth: owner })).body);
    expect(trail.find((e) => e.action === 'export.downloaded')?.detail).toEqual({ from: String(now - 86_400), to: String(now), format: 'csv' });
    expect(trail.filter((e) => e.action === 'webhook.changed').map((e) => [e.subject, e.detail.change])).toEqual([[endpointId, 'deleted'], [endpointId, 'created']]);
  });

  it('never shows another vendor\'s events', async () => {
    const other = await server.login('other@example.com');
    const answer = await server.call('GET', `/vendor/${DEMO_VENDORS.singapore}/audit`, { auth: other });
    expect(answer.status).toBe(200);
    expect(resultOf<AuditTrail>(answer.body).every((e) => e.vendor_id === DEMO_VENDORS.singapore)).toBe(true);
    expect((await server.call('GET', `/vendor/${PARENT}/audit`, { auth: other })).status).toBe(403);
  });
});
