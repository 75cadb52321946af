// Settings → Team (members of the vendor and its outlets, invitations) and Settings → Audit.
import type { AuditEvent, PendingInvitation, Team } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function teamCalls({ result, file }: CallHelpers): AreaCalls<'team'> {
  return {
    getTeam: (vendorId) => result<Team>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/members` }),
    // Never retried: a lost answer may have sent the mail; the list shows the pending invitation.
    inviteMember: (vendorId, invitation) =>
      result<PendingInvitation>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/invitations`, body: invitation, retries: 0 }),
    changeMember: (vendorId, accountId, change) =>
      result<true>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/members/${segment(accountId)}`, body: change }),
    removeMember: (vendorId, accountId) =>
      result<true>({ service: 'orders', method: 'DELETE', path: `/vendor/${segment(vendorId)}/members/${segment(accountId)}` }),
    // Never retried: a lost answer may have sent the mail (a second one would replace its link).
    resendInvitation: (vendorId, invitationId) =>
      result<PendingInvitation>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/invitations/${segment(invitationId)}/resend`, retries: 0 }),
    revokeInvitation: (vendorId, invitationId) =>
      result<true>({ service: 'orders', method: 'DELETE', path: `/vendor/${segment(vendorId)}/invitations/${segment(invitationId)}` }),
    listAuditEvents: (vendorId, query) =>
      result<AuditEvent[]>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/audit`, query: { ...query } }),
    downloadAuditCsv: (vendorId, query) =>
      file({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/audit.csv`, query: { ...query } }, `audit-${vendorId}.csv`),
  };
}
