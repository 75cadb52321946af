// One account linked at a vendor and at its outlet (DESIGN: roles are per vendor or outlet): a change
// or a removal acts on the link it names only. The model of teamMembers.test.ts lists each account
// once, so its oracles never saw a second link of the same account (Stryker kept `sameLink` alive
// without its vendor check).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { Member, MemberChangeBody, Team } from '../../adapters/ports';
import { teamMembersMachine } from '../../machines';

const OWNER: Member = { account_id: 'owner', email: 'owner@example.com', vendor_id: 'v-1', role: 'owner', status: 'active' };
const AT_VENDOR: Member = { account_id: 'sam', email: 'sam@example.com', vendor_id: 'v-1', role: 'dispatcher', status: 'active' };
const AT_OUTLET: Member = { ...AT_VENDOR, vendor_id: 'outlet-1', role: 'viewer' };
const TEAM: Team = { members: [OWNER, AT_VENDOR, AT_OUTLET], invitations: [] };

/** The machine over a server that confirms every call and records what reached it. */
function teamOfTwoLinks() {
  const calls: unknown[] = [];
  const machine = teamMembersMachine.provide({
    actors: {
      loadTeam: fromPromise<Team, { vendorId: string }>(async () => TEAM),
      changeMember: fromPromise<true, { vendorId: string; accountId: string; change: MemberChangeBody }>(async ({ input }) => {
        calls.push(['PUT', input]);
        return true;
      }),
      removeMember: fromPromise<true, { vendorId: string; accountId: string }>(async ({ input }) => {
        calls.push(['DELETE', input]);
        return true;
      }),
    },
  });
  return { actor: createActor(machine, { input: { vendorId: 'v-1' } }).start(), calls };
}

/** Back in `ready` once the server answered the one call (on a wrong link too, so a failure says what went wrong). */
const answered = (s: AnyMachineSnapshot, calls: unknown[]) => s.matches('ready') && calls.length === 1;

const outletLink = { account_id: AT_OUTLET.account_id, vendor_id: AT_OUTLET.vendor_id };

describe('teamMembers: an account linked at the vendor and at its outlet', () => {
  it('changes the role of the outlet link only', async () => {
    const { actor, calls } = teamOfTwoLinks();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'member.changed', member: outletLink, change: { role: 'manager' } });
    const after = await waitFor(actor, (s) => answered(s, calls));
    expect(calls).toEqual([['PUT', { vendorId: 'outlet-1', accountId: 'sam', change: { role: 'manager' } }]]);
    expect(after.context.members).toEqual([OWNER, AT_VENDOR, { ...AT_OUTLET, role: 'manager' }]);
  });

  it('removes the outlet link and keeps the vendor link', async () => {
    const { actor, calls } = teamOfTwoLinks();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'member.changed', member: outletLink, change: 'remove' });
    const after = await waitFor(actor, (s) => answered(s, calls));
    expect(calls).toEqual([['DELETE', { vendorId: 'outlet-1', accountId: 'sam' }]]);
    expect(after.context.members).toEqual([OWNER, AT_VENDOR]);
  });
});
