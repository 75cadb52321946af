import { describe, expect, it } from 'vitest';
import { changeLeavesNoOwner, type TeamMemberLink } from '../../domain/teams';

// Issue #27: "the last owner cannot be removed" — the Team page disables what the server refuses.
const link = (account_id: string, role: TeamMemberLink['role'], vendor_id = 'sa-1000', status: TeamMemberLink['status'] = 'active'): TeamMemberLink =>
  ({ account_id, vendor_id, role, status });

describe('changeLeavesNoOwner', () => {
  const team = [link('owner', 'owner'), link('dispatcher', 'dispatcher')];

  it('refuses demoting, suspending or removing the only active owner', () => {
    const owner = team[0]!;
    expect(changeLeavesNoOwner(team, 'sa-1000', owner, { role: 'manager' })).toBe(true);
    expect(changeLeavesNoOwner(team, 'sa-1000', owner, { status: 'suspended' })).toBe(true);
    expect(changeLeavesNoOwner(team, 'sa-1000', owner, 'remove')).toBe(true);
  });

  it('allows keeping the owner an owner, and any change to another member', () => {
    expect(changeLeavesNoOwner(team, 'sa-1000', team[0]!, { role: 'owner' })).toBe(false);
    expect(changeLeavesNoOwner(team, 'sa-1000', team[1]!, 'remove')).toBe(false);
    expect(changeLeavesNoOwner(team, 'sa-1000', team[1]!, { role: 'owner' })).toBe(false);
  });

  it('allows changing one owner while another active owner stays, but not a suspended one', () => {
    expect(changeLeavesNoOwner([...team, link('second', 'owner')], 'sa-1000', team[0]!, 'remove')).toBe(false);
    expect(changeLeavesNoOwner([...team, link('second', 'owner', 'sa-1000', 'suspended')], 'sa-1000', team[0]!, 'remove')).toBe(true);
  });

  it('counts the parent vendor owners for an outlet link, and not another outlet\'s owners', () => {
    const outletOwner = link('outlet-owner', 'owner', 'sa-1001');
    expect(changeLeavesNoOwner([...team, outletOwner], 'sa-1000', outletOwner, 'remove')).toBe(false);
    const onlyOutlets = [outletOwner, link('other-outlet', 'owner', 'sa-1002')];
    expect(changeLeavesNoOwner(onlyOutlets, 'sa-1000', outletOwner, 'remove')).toBe(true);
  });
});
