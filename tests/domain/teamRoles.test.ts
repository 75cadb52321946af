// Issue #27 "Teams, roles and audit": Owner (everything, billing, team), Manager (orders, collection
// points, bulk, exports, webhooks), Dispatcher (request, track, cancel), Viewer (track and history only).
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES, capabilitiesOf, INVITATION_TTL_S, invitationExpired, isRole, leavesNoOwner, roleCan, strongestRole, type MemberLink,
} from '../../domain';

describe('the role table', () => {
  it('lets the owner do everything, team and API keys included', () => {
    expect(capabilitiesOf('owner')).toEqual([...CAPABILITIES]);
  });

  it('gives the manager orders, collection points, bulk, exports and webhooks, but not the team nor API keys', () => {
    for (const capability of ['orders.view', 'orders.place', 'orders.cancel', 'collectionPoints', 'bulk', 'exports', 'webhooks', 'audit'] as const) {
      expect(roleCan('manager', capability)).toBe(true);
    }
    expect(roleCan('manager', 'team')).toBe(false);
    expect(roleCan('manager', 'apiKeys')).toBe(false);
  });

  it('lets the dispatcher request, track and cancel, and nothing else', () => {
    expect(capabilitiesOf('dispatcher')).toEqual(['orders.view', 'orders.place', 'orders.cancel']);
  });

  it('lets the viewer track and read history only', () => {
    expect(capabilitiesOf('viewer')).toEqual(['orders.view']);
  });

  it('refuses everything to no role at all', () => {
    for (const capability of CAPABILITIES) expect(roleCan(undefined, capability)).toBe(false);
  });

  it('knows its roles and nothing else', () => {
    expect(['owner', 'manager', 'dispatcher', 'viewer'].every(isRole)).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it('keeps the stronger of two roles on one outlet', () => {
    expect(strongestRole(['viewer', 'manager'])).toBe('manager');
    expect(strongestRole(['dispatcher', 'owner', 'viewer'])).toBe('owner');
    expect(strongestRole([])).toBeUndefined();
  });
});

describe('the last owner', () => {
  const owner: MemberLink = { accountId: 'a', vendorId: 'v', role: 'owner', active: true };
  const manager: MemberLink = { accountId: 'b', vendorId: 'v', role: 'manager', active: true };

  it('cannot be demoted, suspended or removed', () => {
    expect(leavesNoOwner([owner, manager], { accountId: 'a', vendorId: 'v', role: 'manager' })).toBe(true);
    expect(leavesNoOwner([owner, manager], { accountId: 'a', vendorId: 'v', active: false })).toBe(true);
    expect(leavesNoOwner([owner, manager], { accountId: 'a', vendorId: 'v', removed: true })).toBe(true);
  });

  it('can step down once another owner is active', () => {
    const second = { ...manager, role: 'owner' as const };
    expect(leavesNoOwner([owner, second], { accountId: 'a', vendorId: 'v', removed: true })).toBe(false);
    // A suspended second owner does not count.
    expect(leavesNoOwner([owner, { ...second, active: false }], { accountId: 'a', vendorId: 'v', removed: true })).toBe(true);
  });

  it('counts an owner linked at the parent, and one person linked twice only once', () => {
    const parentOwner: MemberLink = { accountId: 'a', vendorId: 'parent', role: 'owner', active: true };
    expect(leavesNoOwner([parentOwner, owner], { accountId: 'a', vendorId: 'v', removed: true })).toBe(false);
    expect(leavesNoOwner([owner, manager], { accountId: 'b', vendorId: 'v', removed: true })).toBe(false);
  });
});

describe('invitations', () => {
  it('live 72 hours', () => {
    const sentAt = 1_000_000;
    expect(INVITATION_TTL_S).toBe(72 * 3600);
    expect(invitationExpired(sentAt + INVITATION_TTL_S, sentAt + INVITATION_TTL_S - 1)).toBe(false);
    expect(invitationExpired(sentAt + INVITATION_TTL_S, sentAt + INVITATION_TTL_S)).toBe(true);
  });
});
