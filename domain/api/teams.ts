// Teams, roles and audit (issue #27): members per vendor or outlet, invitations by e-mail, the
// caller's roles, and the audit trail. Wire names of roles and capabilities are the domain's.
import { Type, type Static } from 'typebox';
import type { Capability, Role } from '../teams/roles';
import { StrictObject } from './envelope';

export const RoleName = Type.Union([Type.Literal('owner'), Type.Literal('manager'), Type.Literal('dispatcher'), Type.Literal('viewer')]);
export const CapabilityName = Type.Union([
  Type.Literal('orders.view'), Type.Literal('orders.place'), Type.Literal('orders.cancel'), Type.Literal('bulk'), Type.Literal('collectionPoints'),
  Type.Literal('exports'), Type.Literal('insights'), Type.Literal('webhooks'), Type.Literal('notificationSettings'), Type.Literal('apiKeys'),
  Type.Literal('team'), Type.Literal('audit'),
]);
// The wire names are the domain's, both ways (a compile error when one list changes alone).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesMatch: Same<Static<typeof RoleName>, Role> = true;
const capabilitiesMatch: Same<Static<typeof CapabilityName>, Capability> = true;
void rolesMatch;
void capabilitiesMatch;

const Id = Type.String({ minLength: 1, maxLength: 128 });
const EmailAddress = Type.String({ minLength: 3, maxLength: 254 });

export const MemberParams = Type.Object({ vendorId: Id, accountId: Id }, { additionalProperties: false });
export type MemberParams = Static<typeof MemberParams>;
export const InvitationParams = Type.Object({ vendorId: Id, invitationId: Id }, { additionalProperties: false });
export type InvitationParams = Static<typeof InvitationParams>;

export const MemberStatusName = Type.Union([Type.Literal('active'), Type.Literal('suspended')]);

/** One member of a vendor's team: linked at `vendor_id` (the vendor itself or one of its outlets). */
export const Member = Type.Object({
  account_id: Type.String(),
  email: Type.String(),
  vendor_id: Type.String({ description: 'Where the member is linked: the vendor, or one of its outlets.' }),
  role: RoleName,
  status: MemberStatusName,
});
export type Member = Static<typeof Member>;

/** An invitation not yet accepted (expired ones are listed until they are revoked, so they can be sent again). */
export const PendingInvitation = Type.Object({
  invitation_id: Type.String(),
  email: Type.String(),
  vendor_id: Type.String(),
  role: RoleName,
  invited_by: Type.String(),
  created_at: Type.Integer({ description: 'Unix seconds.' }),
  expires_at: Type.Integer({ description: 'Unix seconds: 72 hours after it was sent.' }),
});
export type PendingInvitation = Static<typeof PendingInvitation>;

/** GET /vendor/{vendorId}/members answer. */
export const Team = Type.Object({ members: Type.Array(Member), invitations: Type.Array(PendingInvitation) });
export type Team = Static<typeof Team>;

/** POST /vendor/{vendorId}/invitations body: the new member joins `vendorId` with `role`. */
export const InvitationBody = StrictObject({ email_address: EmailAddress, role: RoleName });
export type InvitationBody = Static<typeof InvitationBody>;

/** PUT /vendor/{vendorId}/members/{accountId} body: a new role, a suspension or its end, or both. */
export const MemberChangeBody = StrictObject({ role: Type.Optional(RoleName), status: Type.Optional(MemberStatusName) });
export type MemberChangeBody = Static<typeof MemberChangeBody>;

/** GET /invitation?token= : what the invitation page shows before it is accepted. */
export const InvitationQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) });
export const InvitationView = Type.Object({
  email: Type.String(),
  vendor_name: Type.String(),
  role: RoleName,
  expires_at: Type.Integer(),
  /** True when the address already has an account: the page asks for its password instead of a new one. */
  has_account: Type.Boolean(),
});
export type InvitationView = Static<typeof InvitationView>;

/** POST /invitation/accept body: the new account's password, or the existing account's. */
export const AcceptInvitationBody = StrictObject({ token: Type.String({ minLength: 1, maxLength: 256 }), password: Type.String({ minLength: 1, maxLength: 256 }) });
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

/** GET /account/roles answer: the caller's role and what it allows at each vendor it reaches. */
export const AccountRoles = Type.Array(Type.Object({ vendor_id: Type.String(), role: RoleName, capabilities: Type.Array(CapabilityName) }));
export type AccountRoles = Static<typeof AccountRoles>;

export const AuditActionName = Type.Union([
  Type.Literal('order.placed'), Type.Literal('order.cancelled'), Type.Literal('bulk.placed'), Type.Literal('collection-point.changed'),
  Type.Literal('member.invited'), Type.Literal('member.joined'), Type.Literal('member.changed'), Type.Literal('member.removed'),
  Type.Literal('api-key.created'), Type.Literal('api-key.revoked'), Type.Literal('webhook.changed'), Type.Literal('export.downloaded'),
  Type.Literal('recurring.created'), Type.Literal('recurring.changed'), Type.Literal('recurring.deleted'),
  Type.Literal('invitation.resent'), Type.Literal('invitation.revoked'),
]);
export type AuditAction = Static<typeof AuditActionName>;

/** GET /vendor/{vendorId}/audit query: a period (unix seconds), one member, one action. */
export const AuditQuery = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  actor: Type.Optional(Type.String({ maxLength: 254 })),
  action: Type.Optional(AuditActionName),
  include_outlets: Type.Optional(Type.Boolean()),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEvent = Type.Object({
  event_id: Type.String(),
  vendor_id: Type.String(),
  actor: Type.String({ description: 'The member\'s e-mail, or api-key:{keyId}, godroid, guest.' }),
  action: AuditActionName,
  subject: Type.String(),
  detail: Type.Record(Type.String(), Type.String()),
  at: Type.Integer({ description: 'Unix seconds.' }),
});
export type AuditEvent = Static<typeof AuditEvent>;

/** GET /vendor/{vendorId}/audit answer, newest first. */
export const AuditTrail = Type.Array(AuditEvent);
export type AuditTrail = Static<typeof AuditTrail>;
