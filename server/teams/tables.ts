// Tables of migration 012 (teams, roles and audit).
import type { Role } from '../../domain';

export type MemberStatus = 'active' | 'suspended';

/** One pending, accepted, revoked or expired invitation; the token itself is only mailed. */
export interface TeamInvitationsTable {
  invitation_id: string;
  /** SHA-256 of the token in the mailed link. */
  token_hash: string;
  /** The vendor or outlet the new member joins. */
  vendor_id: string;
  /** Lower-cased. */
  email: string;
  role: Role;
  invited_by_account_id: string;
  invited_by_email: string;
  created_at: number;
  /** Unix seconds: created_at + 72 h (domain INVITATION_TTL_S). */
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

/** Who did what and when, per vendor (the outlet an order belongs to, or the vendor a setting is of). */
export interface AuditEventsTable {
  event_id: string;
  vendor_id: string;
  /** Null for callers that are no account: an API key, a GoDroid token, a guest. */
  actor_account_id: string | null;
  /** The member's e-mail, or `api-key:{keyId}`, `godroid`, `guest`. */
  actor: string;
  action: string;
  /** What it was done to: an order id, a member's e-mail, a key or endpoint id. */
  subject: string;
  /** JSON object of action-specific details (a cancel reason, a new role). */
  detail: string;
  /** Unix seconds. */
  created_at: number;
}
