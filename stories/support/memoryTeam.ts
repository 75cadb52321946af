// The demo vendor's team and audit trail for the Team and Audit stories: an owner, a manager, a
// suspended dispatcher, a viewer at an outlet, one pending invitation, and a day of audit events.
import type { AuditEvent, Member, PendingInvitation } from '../../domain/api';
import type { Vendor } from '../../domain/types';
import { STORY_NOW } from './storyClock';

export function demoTeam(vendors: readonly Vendor[]): { members: Member[]; invitations: PendingInvitation[] } {
  const parent = vendors[0]?.vendor_id ?? 'sa-1000';
  const outlet = vendors[1]?.vendor_id ?? parent;
  return {
    members: [
      { account_id: 'user-1', email: 'vendor@example.com', vendor_id: parent, role: 'owner', status: 'active' },
      { account_id: 'user-2', email: 'layla.manager@example.com', vendor_id: parent, role: 'manager', status: 'active' },
      { account_id: 'user-3', email: 'omar.dispatch@example.com', vendor_id: parent, role: 'dispatcher', status: 'suspended' },
      { account_id: 'user-4', email: 'counter@example.com', vendor_id: outlet, role: 'viewer', status: 'active' },
    ],
    invitations: [
      { invitation_id: 'inv-1', email: 'new.dispatcher@example.com', vendor_id: parent, role: 'dispatcher', invited_by: 'vendor@example.com', created_at: STORY_NOW - 3600, expires_at: STORY_NOW + 71 * 3600 },
    ],
  };
}

export function demoAuditTrail(vendors: readonly Vendor[]): AuditEvent[] {
  const parent = vendors[0]?.vendor_id ?? 'sa-1000';
  const event = (n: number, minutesAgo: number, actor: string, action: AuditEvent['action'], subject: string, detail: Record<string, string> = {}): AuditEvent =>
    ({ event_id: `evt-${n}`, vendor_id: parent, actor, action, subject, detail, at: STORY_NOW - minutesAgo * 60 });
  return [
    event(5, 5, 'omar.dispatch@example.com', 'order.cancelled', 'ord-1042', { reason: 'cancel.reason.duplicate-order' }),
    event(4, 12, 'omar.dispatch@example.com', 'order.placed', 'ord-1042'),
    event(3, 40, 'vendor@example.com', 'member.changed', 'omar.dispatch@example.com', { status_before: 'active', status: 'suspended' }),
    event(2, 90, 'vendor@example.com', 'member.invited', 'new.dispatcher@example.com', { role: 'dispatcher' }),
    event(1, 300, 'layla.manager@example.com', 'export.downloaded', 'orders.csv'),
  ];
}
