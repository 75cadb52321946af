// Teams, roles and audit (issue #27): the owner's team routes (members, invitations), the public
// invitation page's two routes, the caller's roles, and the audit trail (owners and managers).
// Who may call each is in auth/routeCapabilities.ts; the tenancy layer has checked it before any
// handler here runs. Suspending or removing a member ends its sessions and sockets at once.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { capabilitiesOf, INVITATION_TTL_S, invitationExpired, isRole, normaliseEmailAddress, isValidEmailAddress, validatePassword } from '../../domain';
import {
  AcceptInvitationBody, AccountRoles, AuditQuery, AuditTrail, Done, InvitationBody, InvitationParams, InvitationQuery, InvitationView,
  LoginResult, MemberChangeBody, MemberParams, PendingInvitation, Result, Team, VendorIdParams,
} from '../../domain/api';
import { isDisabled } from '../auth/accountStatus';
import { isCommonPassword } from '../auth/commonPasswords';
import { createLoginThrottle } from '../auth/loginThrottle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/secureRandom';
import { issueAccessTokens, issueRefreshToken, revokeAllSessions, sessionIdOf } from '../auth/sessions';
import { assertStoredVendorAccess, canReachVendor, requireAuth, requireUser, type AuthenticatedPrincipal } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { ApiError, authError, conflict, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { auditCsv } from './auditCsv';
import { auditedChange, listAudit, recordAudit } from './audit';
import { changeMember, isActiveMember, linkMember, listMembers } from './members';
import type { TeamInvitationsTable } from './tables';

/** The most events one audit answer or CSV holds; narrow the period for more. */
const AUDIT_LIMIT = 10_000;

const invitationInvalid = () => unprocessable('team.error.invitation-invalid', 'token');
const invitationExpiredError = () => unprocessable('team.error.invitation-expired', 'token');

/** The wire form of a stored invitation (the token stays a hash on the server). */
const pendingInvitationOf = (row: Pick<TeamInvitationsTable, 'invitation_id' | 'email' | 'vendor_id' | 'role' | 'invited_by_email' | 'created_at' | 'expires_at'>): PendingInvitation => ({
  invitation_id: row.invitation_id, email: row.email, vendor_id: row.vendor_id, role: row.role,
  invited_by: row.invited_by_email, created_at: row.created_at, expires_at: row.expires_at,
});

export async function teamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, mailer } = app;
  const nowS = () => app.clock.nowS();
  const throttle = createLoginThrottle(app.rateLimiter);

  const sendAfterReply = (reply: FastifyReply, send: () => Promise<void>) => {
    reply.raw.once('finish', () => { send().catch((error: unknown) => reply.log.error({ err: error }, 'invitation mail failed')); });
  };

  /** The members of the vendor (and of its outlets) and the invitations not yet accepted. */
  app.get('/vendor/:vendorId/members', {
    schema: { params: VendorIdParams, response: { 200: Result(Team), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const members = await listMembers(db, vendor.vendor_id);
    const outlets = db.selectFrom('vendors').select('vendor_id').where('parent_vendor_id', '=', vendor.vendor_id);
    const invitations = await db.selectFrom('team_invitations').selectAll()
      .where((eb) => eb.or([eb('vendor_id', '=', vendor.vendor_id), eb('vendor_id', 'in', outlets)]))
      .where('accepted_at', 'is', null).where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc').execute();
    return {
      result: {
        members,
        invitations: invitations.map(pendingInvitationOf),
      },
    };
  });

  /** Invites an address to the vendor with a role: a link valid 72 h goes out by mail. */
  app.post('/vendor/:vendorId/invitations', {
    schema: { params: VendorIdParams, body: InvitationBody, response: { 200: Result(PendingInvitation), ...errorAnswers(400, 401, 403, 409, 422) } },
  }, async (request, reply) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const user = requireUser(request);
    const email = normaliseEmailAddress(request.body.email_address);
    if (!isValidEmailAddress(email)) throw unprocessable('register.error.wrong-email', 'email_address');
    if (await isActiveMember(db, email, vendor.vendor_id)) throw conflict('team.error.already-member', 'email_address');
    const now = nowS();
    const token = randomToken();
    const row = {
      invitation_id: crypto.randomUUID(), token_hash: sha256(token), vendor_id: vendor.vendor_id, email, role: request.body.role,
      invited_by_account_id: user.userId, invited_by_email: user.email, created_at: now, expires_at: now + INVITATION_TTL_S,
      accepted_at: null, revoked_at: null,
    };
    await auditedChange(db, user, now, (trx) => trx.insertInto('team_invitations').values(row).execute(),
      () => [{ vendorId: vendor.vendor_id, action: 'member.invited', subject: email, detail: { role: row.role } }]);
    sendAfterReply(reply, () => mailInvitation({ email, role: row.role, token, vendorName: vendor.business_name || vendor.name, invitedBy: user.email }));
    return { result: pendingInvitationOf({ ...row, invited_by_email: user.email }) };
  });

  /**
   * Sends a pending (or expired) invitation again: a fresh link valid 72 h replaces the old one,
   * which stops working. Refused for an address that has joined meanwhile.
   */
  app.post('/vendor/:vendorId/invitations/:invitationId/resend', {
    schema: { params: InvitationParams, response: { 200: Result(PendingInvitation), ...errorAnswers(400, 401, 403, 404, 409) } },
  }, async (request, reply) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const user = requireUser(request);
    const now = nowS();
    const token = randomToken();
    const row = await auditedChange(db, user, now, async (trx) => {
      const pending = await openInvitation(trx, vendor.vendor_id, request.params.invitationId);
      if (await isActiveMember(trx, pending.email, vendor.vendor_id)) throw conflict('team.error.already-member', 'email_address');
      const renewed = { token_hash: sha256(token), expires_at: now + INVITATION_TTL_S };
      await trx.updateTable('team_invitations').set(renewed).where('invitation_id', '=', pending.invitation_id).execute();
      return { ...pending, ...renewed };
    }, ({ email, role }) => [{ vendorId: vendor.vendor_id, action: 'invitation.resent', subject: email, detail: { role } }]);
    sendAfterReply(reply, () => mailInvitation({ email: row.email, role: row.role, token, vendorName: vendor.business_name || vendor.name, invitedBy: user.email }));
    return { result: pendingInvitationOf(row) };
  });

  /** Withdraws a pending invitation: its link stops working. */
  app.delete('/vendor/:vendorId/invitations/:invitationId', {
    schema: { params: InvitationParams, response: { 200: Result(Done), ...errorAnswers(400, 401, 403, 404) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const now = nowS();
    await auditedChange(db, requireAuth(request), now, async (trx) => {
      const pending = await openInvitation(trx, vendor.vendor_id, request.params.invitationId);
      await trx.updateTable('team_invitations').set({ revoked_at: now }).where('invitation_id', '=', pending.invitation_id).execute();
      return pending;
    }, ({ email, role }) => [{ vendorId: vendor.vendor_id, action: 'invitation.revoked', subject: email, detail: { role } }]);
    return { result: true as const };
  });

  /** The invitation at exactly `vendorId` that is neither accepted nor revoked (expired ones count), or 404. */
  async function openInvitation(trx: Db, vendorId: string, invitationId: string): Promise<TeamInvitationsTable> {
    const row = await trx.selectFrom('team_invitations').selectAll()
      .where('invitation_id', '=', invitationId).where('vendor_id', '=', vendorId)
      .where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (!row) throw new ApiError(404, 'team.error.no-invitation', { field: 'invitation_id' });
    return row;
  }

  /** The mail with the invitation's link (sent after the answer: the invitation is stored by then). */
  function mailInvitation(invitation: { email: string; role: string; token: string; vendorName: string; invitedBy: string }): Promise<void> {
    const link = `${config.publicUrl}/invitation?token=${encodeURIComponent(invitation.token)}`;
    return mailer.send({
      to: invitation.email,
      subject: `You are invited to ${invitation.vendorName}`,
      text: `${invitation.invitedBy} invites you to request couriers for ${invitation.vendorName} as ${invitation.role}.\n\nAccept within 72 hours by opening this link:\n\n${link}\n`,
    });
  }

  /** A new role, a suspension or its end. Suspending ends the member's sessions and sockets at once. */
  app.put('/vendor/:vendorId/members/:accountId', {
    schema: { params: MemberParams, body: MemberChangeBody, response: { 200: Result(Done), ...errorAnswers(400, 401, 403, 404, 409) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const { role, status } = request.body;
    const now = nowS();
    const { before } = await auditedChange(db, requireAuth(request), now, (trx) => changeMember(trx, { vendorId: vendor.vendor_id, accountId: request.params.accountId }, {
      ...(role ? { role } : {}), ...(status ? { status } : {}),
    }), ({ email, before: was }) => {
      const detail: Record<string, string> = {};
      if (role && role !== was.role) Object.assign(detail, { role_before: was.role, role });
      if (status && status !== was.status) Object.assign(detail, { status_before: was.status, status });
      return [{ vendorId: vendor.vendor_id, action: 'member.changed', subject: email, detail }];
    });
    if (status === 'suspended' && before.status !== 'suspended') await endSessionsOf(request.params.accountId, now);
    return { result: true as const };
  });

  app.delete('/vendor/:vendorId/members/:accountId', {
    schema: { params: MemberParams, response: { 200: Result(Done), ...errorAnswers(400, 401, 403, 404, 409) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const now = nowS();
    await auditedChange(db, requireAuth(request), now, (trx) => changeMember(trx, { vendorId: vendor.vendor_id, accountId: request.params.accountId }, 'remove'),
      ({ email, before }) => [{ vendorId: vendor.vendor_id, action: 'member.removed', subject: email, detail: { role: before.role } }]);
    await endSessionsOf(request.params.accountId, now);
    return { result: true as const };
  });

  /** Ends every session of the account (it signs in again to its remaining vendors) and tells the sockets. */
  async function endSessionsOf(accountId: string, now: number): Promise<void> {
    await revokeAllSessions(db, accountId, now);
    app.sessionEnds.notify();
  }

  async function liveInvitation(token: string) {
    const row = await db.selectFrom('team_invitations').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.accepted_at !== null || row.revoked_at !== null) throw invitationInvalid();
    if (invitationExpired(row.expires_at, nowS())) throw invitationExpiredError();
    return row;
  }

  /** What the invitation page shows: whom, where, as what, and whether the address has an account. */
  app.get('/invitation', {
    schema: { querystring: InvitationQuery, response: { 200: Result(InvitationView), ...errorAnswers(400, 422) } },
  }, async (request) => {
    const row = await liveInvitation(request.query.token);
    const vendor = await db.selectFrom('vendors').select(['name', 'business_name']).where('vendor_id', '=', row.vendor_id).executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').select('account_id').where('email', '=', row.email).executeTakeFirst();
    return { result: { email: row.email, vendor_name: vendor.business_name || vendor.name, role: row.role, expires_at: row.expires_at, has_account: account !== undefined } };
  });

  /**
   * Accepts an invitation: a new account with the password given (its address is proven by the
   * link), or the existing account of that address with its own password. Answers a signed-in
   * session, as POST /login does.
   */
  app.post('/invitation/accept', {
    schema: { body: AcceptInvitationBody, response: { 200: Result(LoginResult), ...errorAnswers(400, 401, 422, 429) } },
  }, async (request) => {
    const row = await liveInvitation(request.body.token);
    const now = nowS();
    const { password } = request.body;
    let account = await db.selectFrom('accounts').select(['account_id', 'email', 'password_hash', 'verified_at', 'sessions_revoked_at'])
      .where('email', '=', row.email).executeTakeFirst();
    if (account) {
      // The existing account's password, counted like a sign-in.
      await throttle.reserveAttempt(row.email, request.ip, now);
      const valid = await verifyPassword(account.password_hash, password);
      if (!valid || isDisabled(account)) throw authError(401, 'NotAuthorizedException', undefined, 'password');
      await throttle.recordSuccess(row.email, request.ip, now);
      if (account.verified_at === null) await db.updateTable('accounts').set({ verified_at: now }).where('account_id', '=', account.account_id).execute();
    }
    const role = row.role;
    if (!isRole(role)) throw invitationInvalid();
    let newAccount = null;
    if (!account) {
      const problem = validatePassword(password, password);
      if (problem) throw unprocessable(problem, 'password');
      if (isCommonPassword(password)) throw unprocessable('account.password.too-common', 'password');
      newAccount = {
        account_id: crypto.randomUUID(), email: row.email, password_hash: await hashPassword(password), phone_number: '',
        verified_at: now, sessions_revoked_at: null, created_at: now,
      };
      account = { ...newAccount, password_hash: '' };
    }
    const member = account;
    // One transaction: the new account, the link taken, the membership and its audit event, or none of them.
    await auditedChange(db, { actor: member.email, accountId: member.account_id }, now, async (trx) => {
      if (newAccount) await trx.insertInto('accounts').values(newAccount).execute();
      // Accepted once: a second use of the same link (a double click, a race) finds it taken.
      const taken = await trx.updateTable('team_invitations').set({ accepted_at: now })
        .where('invitation_id', '=', row.invitation_id).where('accepted_at', 'is', null).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw invitationInvalid();
      await linkMember(trx, member.account_id, row.vendor_id, role);
    }, () => [{ vendorId: row.vendor_id, action: 'member.joined', subject: member.email, detail: { role, invited_by: row.invited_by_email } }]);
    const RefreshToken = await issueRefreshToken(db, member.account_id, now);
    const tokens = await issueAccessTokens(config.secrets.jwtSecret, member, now, sessionIdOf(RefreshToken), config.accessTokenTtlS);
    return { result: { user: { id: member.account_id, email: member.email, email_verified: true }, ...tokens, RefreshToken } };
  });

  /** The caller's role and what it allows at each vendor it reaches (the app hides the rest). */
  app.get('/account/roles', {
    schema: { response: { 200: Result(AccountRoles), ...errorAnswers(401, 403) } },
  }, async (request) => {
    const principal = requireAuth(request);
    if (principal.kind !== 'user') return { result: [] };
    return { result: Object.entries(principal.roles).map(([vendor_id, role]) => ({ vendor_id, role, capabilities: capabilitiesOf(role) })) };
  });

  /** The vendor's events and, unless include_outlets=false, those of its outlets the caller may read. */
  const auditEvents = async (principal: AuthenticatedPrincipal, vendorId: string, query: AuditQuery) => {
    const outlets = query.include_outlets === false ? [] : (await db.selectFrom('vendors').select('vendor_id').where('parent_vendor_id', '=', vendorId).execute())
      .map((row) => row.vendor_id).filter((id) => canReachVendor(principal, id));
    return listAudit(db, { vendorIds: [vendorId, ...outlets], from: query.from, to: query.to, actor: query.actor, action: query.action }, AUDIT_LIMIT);
  };

  /** The vendor's audit trail (its outlets' too unless include_outlets=false), newest first. */
  app.get('/vendor/:vendorId/audit', {
    schema: { params: VendorIdParams, querystring: AuditQuery, response: { 200: Result(AuditTrail), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    return { result: await auditEvents(requireAuth(request), vendor.vendor_id, request.query) };
  });

  app.get('/vendor/:vendorId/audit.csv', {
    schema: { params: VendorIdParams, querystring: AuditQuery, response: { ...errorAnswers(400, 401, 403) } },
  }, async (request, reply) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const events = await auditEvents(requireAuth(request), vendor.vendor_id, request.query);
    await recordAudit(db, requireAuth(request), [{ vendorId: vendor.vendor_id, action: 'export.downloaded', subject: 'audit.csv', detail: { events: String(events.length) } }], nowS());
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${vendor.vendor_id}.csv"`)
      .send(auditCsv(events));
  });
}
