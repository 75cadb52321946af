import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { InvitationBody, Member, MemberChangeBody, PendingInvitation, Team } from '../../adapters/ports';
import { changeLeavesNoOwner } from '../../domain/teams';
import { TEAM_ERRORS, TEAM_TOAST_TOPIC, teamMembersMachine, type TeamMembersContext } from '../../machines';
import { listReadOncePerLoad, sameVendorAgain, withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, isError, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const OWNER: Member = { account_id: 'owner', email: 'owner@example.com', vendor_id: 'v-1', role: 'owner', status: 'active' };
const DISPATCHER: Member = { account_id: 'disp', email: 'disp@example.com', vendor_id: 'v-1', role: 'dispatcher', status: 'active' };
const TEAM: Team = { members: [OWNER, DISPATCHER], invitations: [] };

const pending = (email: string, n = 1): PendingInvitation => ({
  invitation_id: `inv-${n}`, email, vendor_id: 'v-1', role: 'dispatcher', invited_by: OWNER.email, created_at: 1, expires_at: 1 + 72 * 3600,
});

/** An error as the API client throws it: the API's translation key beside the transport's text. */
const apiError = (translationKey: string, text = translationKey) => Object.assign(new Error(text), { translationKey });

/** The machine over an in-memory server that records what reached it. */
function start(options: { listFails?: boolean; inviteFails?: string; changeFails?: boolean; revokeFails?: boolean; team?: Team } = {}) {
  const resent: { vendorId: string; invitationId: string }[] = [];
  const revoked: { vendorId: string; invitationId: string }[] = [];
  const invited: { vendorId: string; invitation: InvitationBody }[] = [];
  const changes: { vendorId: string; accountId: string; change: MemberChangeBody }[] = [];
  const removed: { vendorId: string; accountId: string }[] = [];
  const toasts: unknown[] = [];
  const loads: string[] = [];
  const machine = teamMembersMachine.provide({
    actions: { toast: (_, params) => void toasts.push(params) },
    actors: {
      loadTeam: fromPromise<Team, { vendorId: string }>(async ({ input }) => {
        loads.push(input.vendorId);
        if (options.listFails && loads.length === 1) throw apiError('error.server');
        return options.team ?? TEAM;
      }),
      inviteMember: fromPromise<PendingInvitation, { vendorId: string; invitation: InvitationBody }>(async ({ input }) => {
        if (options.inviteFails) throw apiError(options.inviteFails);
        invited.push(input);
        return pending(input.invitation.email_address, invited.length);
      }),
      changeMember: fromPromise<true, { vendorId: string; accountId: string; change: MemberChangeBody }>(async ({ input }) => {
        if (options.changeFails) throw apiError('error.role-forbidden');
        changes.push(input);
        return true;
      }),
      removeMember: fromPromise<true, { vendorId: string; accountId: string }>(async ({ input }) => {
        removed.push(input);
        return true;
      }),
      resendInvitation: fromPromise<PendingInvitation, { vendorId: string; invitationId: string }>(async ({ input }) => {
        resent.push(input);
        return { ...pending('late@example.com'), expires_at: 9_999 };
      }),
      revokeInvitation: fromPromise<true, { vendorId: string; invitationId: string }>(async ({ input }) => {
        if (options.revokeFails) throw apiError('team.error.no-invitation');
        revoked.push(input);
        return true;
      }),
    },
  });
  const actor = createActor(machine, { input: { vendorId: 'v-1' } }).start();
  return { actor, invited, changes, removed, resent, revoked, toasts, loads };
}

const ref = (member: Member) => ({ account_id: member.account_id, vendor_id: member.vendor_id });

describe('teamMembers: spec', () => {
  it('loads the team and invites a trimmed, lower-cased address with its role; the invitation is listed', async () => {
    const { actor, invited } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invite.submitted', invitation: { email_address: ' New@Example.com ', role: 'dispatcher' } });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.invited !== null);
    expect(invited).toEqual([{ vendorId: 'v-1', invitation: { email_address: 'new@example.com', role: 'dispatcher' } }]);
    expect(after.context.invitations.map((invitation) => invitation.email)).toEqual(['new@example.com']);
    expect(after.context.invited).toBe('new@example.com');
  });

  it('refuses an address that is not one without calling the server', async () => {
    const { actor, invited } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invite.submitted', invitation: { email_address: 'not-an-address', role: 'viewer' } });
    expect(actor.getSnapshot().context.inviteError).toBe(TEAM_ERRORS.invalidEmail);
    expect(invited).toEqual([]);
  });

  it('keeps the server\'s refusal of an invitation for the dialog, and clears it when the dialog opens again', async () => {
    const { actor } = start({ inviteFails: 'team.error.already-member' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invite.submitted', invitation: { email_address: 'disp@example.com', role: 'viewer' } });
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.inviteError !== null);
    expect(refused.context.inviteError).toBe('team.error.already-member');
    actor.send({ type: 'invite.started' });
    expect(actor.getSnapshot().context.inviteError).toBeNull();
  });

  it('changes a role and a status on the member\'s own link, and removes a member, once the server confirms', async () => {
    const { actor, changes, removed } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'member.changed', member: ref(DISPATCHER), change: { role: 'manager' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.members[1]?.role === 'manager');
    actor.send({ type: 'member.changed', member: ref(DISPATCHER), change: { status: 'suspended' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.members[1]?.status === 'suspended');
    actor.send({ type: 'member.changed', member: ref(DISPATCHER), change: 'remove' });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.members.length === 1);
    expect(changes).toEqual([
      { vendorId: 'v-1', accountId: 'disp', change: { role: 'manager' } },
      { vendorId: 'v-1', accountId: 'disp', change: { status: 'suspended' } },
    ]);
    expect(removed).toEqual([{ vendorId: 'v-1', accountId: 'disp' }]);
    expect(after.context.members).toEqual([OWNER]);
  });

  it('never asks the server to demote, suspend or remove the last owner: it says why', async () => {
    const { actor, changes, removed, toasts } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'member.changed', member: ref(OWNER), change: 'remove' });
    actor.send({ type: 'member.changed', member: ref(OWNER), change: { role: 'viewer' } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(changes).toEqual([]);
    expect(removed).toEqual([]);
    expect(toasts).toEqual([
      { kind: 'error', message: 'team.error.last-owner', topic: TEAM_TOAST_TOPIC },
      { kind: 'error', message: 'team.error.last-owner', topic: TEAM_TOAST_TOPIC },
    ]);
  });

  it('toasts a refused change and keeps the list as it was', async () => {
    const { actor, toasts } = start({ changeFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'member.changed', member: ref(DISPATCHER), change: { role: 'manager' } });
    const after = await waitFor(actor, (s) => s.matches('ready') && toasts.length > 0);
    expect(toasts).toEqual([{ kind: 'error', message: 'error.role-forbidden', topic: TEAM_TOAST_TOPIC }]);
    expect(after.context.members).toEqual(TEAM.members);
  });

  it('sends an invitation again at its own vendor, shows its new expiry and says to whom; withdraws one once the server confirms', async () => {
    const late = { ...pending('late@example.com'), vendor_id: 'outlet-1' };
    const other = pending('other@example.com', 2);
    const { actor, resent, revoked } = start({ team: { ...TEAM, invitations: [late, other] } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invitation.resend.requested', invitation: { invitation_id: late.invitation_id, vendor_id: late.vendor_id } });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.resent !== null);
    expect(resent).toEqual([{ vendorId: 'outlet-1', invitationId: 'inv-1' }]);
    expect(after.context.resent).toBe('late@example.com');
    expect(after.context.invitations.map((i) => [i.invitation_id, i.expires_at])).toEqual([['inv-1', 9_999], ['inv-2', other.expires_at]]);
    actor.send({ type: 'invitation.revoke.requested', invitation: { invitation_id: other.invitation_id, vendor_id: other.vendor_id } });
    const gone = await waitFor(actor, (s) => s.matches('ready') && s.context.invitations.length === 1);
    expect(revoked).toEqual([{ vendorId: 'v-1', invitationId: 'inv-2' }]);
    expect(gone.context.resent).toBeNull();
    expect(gone.context.invitations.map((i) => i.invitation_id)).toEqual(['inv-1']);
  });

  it('toasts a refused revoke and keeps the invitation listed', async () => {
    const { actor, toasts } = start({ revokeFails: true, team: { ...TEAM, invitations: [pending('late@example.com')] } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invitation.revoke.requested', invitation: { invitation_id: 'inv-1', vendor_id: 'v-1' } });
    const after = await waitFor(actor, (s) => s.matches('ready') && toasts.length > 0);
    expect(toasts).toEqual([{ kind: 'error', message: 'team.error.no-invitation', topic: TEAM_TOAST_TOPIC }]);
    expect(after.context.invitations).toHaveLength(1);
  });

  it('retries a failed load, and loads another vendor\'s team when it is selected', async () => {
    const { actor, loads } = start({ listFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry.requested' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'vendor.selected', vendorId: 'v-2' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.vendorId === 'v-2');
    expect(loads).toEqual(['v-1', 'v-1', 'v-2']);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through load, invite (valid, not an address), role and status changes and
// removal of a member and of the last owner, another vendor, retry, with the calls answering or failing.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as TeamMembersContext | undefined;
const shownKeyOf = (error: unknown) => (error as { translationKey?: string }).translationKey ?? 'error.offline';
/** A failure with nothing to show (the connection dropped before any answer): the offline text's key. */
const silentFailure = new TypeError('');

const isLastOwnerRefusal = (view: StepView) => {
  const context = contextOf(view.before);
  const { event } = view;
  return event.type === 'member.changed' && context !== undefined && view.before?.matches('ready') === true
    && changeLeavesNoOwner(context.members, context.vendorId, (event as unknown as { member: Member }).member, (event as unknown as { change: never }).change);
};

const oracles: EffectOracle[] = [
  {
    rule: 'issue 27: the last owner is never demoted, suspended nor removed: no call reaches the server for it',
    step: (view) => {
      if (isLastOwnerRefusal(view)) expect(view.after.matches('ready')).toBe(true);
    },
  },
  {
    rule: 'issue 27: the list changes only when the server confirmed a change, by exactly that change',
    step: ({ event, before, after }) => {
      const membersBefore = contextOf(before)?.members ?? [];
      const membersAfter = contextOf(after)?.members ?? [];
      if (event.type === 'xstate.done.actor.loadTeam') return;
      if (event.type === 'xstate.done.actor.removeMember') {
        expect(membersAfter.length).toBe(membersBefore.length - 1);
      } else if (event.type === 'xstate.done.actor.changeMember') {
        const asked = contextOf(before)?.pending;
        const changed = (member: Member) => member.account_id === asked?.member.account_id && member.vendor_id === asked.member.vendor_id;
        expect(membersAfter).toEqual(membersBefore.map((member) => (changed(member) && typeof asked?.change === 'object' ? { ...member, ...asked.change } : member)));
      } else if (!(event.type === 'vendor.selected' && after.matches('loading'))) {
        expect(membersAfter).toEqual(membersBefore);
      }
    },
  },
  {
    rule: 'issue 27: an invitation is sent once per accepted form, never for an address that is not one, never retried',
    path: (steps) => {
      const accepted = steps.filter((view) => view.event.type === 'invite.submitted' && view.after.matches('inviting')).length;
      expect(steps.at(-1)?.replay.started.inviteMember ?? []).toHaveLength(accepted);
    },
    step: ({ event, after }) => {
      if (event.type === 'xstate.error.actor.inviteMember') {
        expect(after.matches('ready')).toBe(true);
        expect(contextOf(after)?.inviteError).toBe(shownKeyOf((event as unknown as { error: unknown }).error));
      }
    },
  },
  effectExactlyWhen(
    'issue 27: a refused change or removal, and the last owner\'s, show an error toast with its translated reason; nothing else toasts',
    'toast',
    (view) => isError('changeMember')(view) || isError('removeMember')(view) || isError('resendInvitation')(view) || isError('revokeInvitation')(view) || isLastOwnerRefusal(view),
    (view: StepView) => {
      const key = isLastOwnerRefusal(view) ? TEAM_ERRORS.lastOwner : shownKeyOf((view.event as unknown as { error: unknown }).error);
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
      return { kind: 'error', message: key, topic: TEAM_TOAST_TOPIC };
    },
  ),
  {
    rule: 'issue 27: an invitation leaves the list only when the server confirmed its revoke, and a resend changes only that invitation',
    step: ({ event, before, after }) => {
      const listBefore = contextOf(before)?.invitations ?? [];
      const listAfter = contextOf(after)?.invitations ?? [];
      const asked = contextOf(before)?.invitation?.invitation_id;
      if (event.type === 'xstate.done.actor.revokeInvitation') expect(listAfter).toEqual(listBefore.filter((known) => known.invitation_id !== asked));
      if (event.type === 'xstate.done.actor.resendInvitation') {
        const fresh = (event as unknown as { output: PendingInvitation }).output;
        expect(listAfter.map((known) => known.invitation_id)).toEqual(listBefore.map((known) => known.invitation_id));
        // The fresh link replaces the resent invitation's row; the others stay as they were.
        expect(listAfter).toEqual(listBefore.map((known) => (known.invitation_id === fresh.invitation_id ? fresh : known)));
        expect(contextOf(after)?.resent).toBe(listAfter.find((known) => known.invitation_id === asked)?.email);
      }
      if (event.type === 'xstate.done.actor.inviteMember') {
        // Each invitation is listed once: the server's answer first, in place of its older row if it had one.
        const answer = (event as unknown as { output: PendingInvitation }).output;
        expect(listAfter).toEqual([answer, ...listBefore.filter((known) => known.invitation_id !== answer.invitation_id)]);
      }
      if (event.type.startsWith('xstate.error.actor.') && event.type.endsWith('Invitation')) expect(listAfter).toEqual(listBefore);
    },
  },
  {
    rule: 'issue 27: the invite dialog\'s reason is a translated message',
    step: ({ after }) => {
      const reason = contextOf(after)?.inviteError;
      if (reason) expect(catalogue[reason], `${reason} is in the catalogue`).toBeDefined();
    },
  },  listReadOncePerLoad('loadTeam'),
];

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { members, invitations, vendorId } = snapshot.context as TeamMembersContext;
  const owner = members.find((member) => member.role === 'owner');
  const other = members.find((member) => member.role !== 'owner');
  return [
    ...(vendorId === 'v-1' ? [{ type: 'vendor.selected', vendorId: 'v-2' }] : []),
    { type: 'retry.requested' },
    { type: 'invite.started' },
    ...(invitations.length === 0 ? [{ type: 'invite.submitted', invitation: { email_address: 'New@example.com', role: 'viewer' } }] : []),
    ...invitations.slice(0, 1).flatMap((invitation) => [
      { type: 'invitation.resend.requested', invitation: { invitation_id: invitation.invitation_id, vendor_id: invitation.vendor_id } },
      { type: 'invitation.revoke.requested', invitation: { invitation_id: invitation.invitation_id, vendor_id: invitation.vendor_id } },
    ]),
    { type: 'invite.submitted', invitation: { email_address: 'nobody', role: 'viewer' } },
    ...(owner ? [{ type: 'member.changed', member: ref(owner), change: 'remove' }, { type: 'member.changed', member: ref(owner), change: { status: 'suspended' } }] : []),
    ...(other ? [
      { type: 'member.changed', member: ref(other), change: { role: other.role === 'manager' ? 'dispatcher' : 'manager' } },
      { type: 'member.changed', member: ref(other), change: { status: other.status === 'active' ? 'suspended' : 'active' } },
      { type: 'member.changed', member: ref(other), change: 'remove' },
    ] : []),
    { type: 'xstate.done.actor.loadTeam', output: TEAM },
    { type: 'xstate.error.actor.loadTeam', error: apiError('error.server') },
    { type: 'xstate.done.actor.inviteMember', output: pending('new@example.com') },
    { type: 'xstate.error.actor.inviteMember', error: apiError('team.error.already-member') },
    { type: 'xstate.error.actor.inviteMember', error: silentFailure },
    { type: 'xstate.done.actor.changeMember', output: true },
    { type: 'xstate.error.actor.changeMember', error: apiError('error.role-forbidden') },
    { type: 'xstate.done.actor.removeMember', output: true },
    { type: 'xstate.error.actor.removeMember', error: silentFailure },
    { type: 'xstate.done.actor.resendInvitation', output: { ...pending('new@example.com'), expires_at: 9_999 } },
    { type: 'xstate.error.actor.resendInvitation', error: apiError('team.error.already-member') },
    { type: 'xstate.done.actor.revokeInvitation', output: true },
    { type: 'xstate.error.actor.revokeInvitation', error: apiError('team.error.no-invitation') },
  ];
};

const model: PathModel = {
  machine: teamMembersMachine,
  input: { vendorId: 'v-1' },
  strategy: 'shortest',
  effects: ['toast'],
  oracles,
  events,
  serializeState: (snapshot) => {
    const context = snapshot.context as TeamMembersContext;
    return JSON.stringify([snapshot.value, context.vendorId, context.members, context.invitations, context.inviteError, context.invited, context.pending, context.invitation, context.resent]);
  },
};

/**
 * A second small model with two pending invitations, so a resend and a second invitation to an
 * address already invited (the server answers that invitation again, with a fresh link) each leave
 * the other row beside them: with one row, replacing every row looks the same as replacing the one.
 */
const LATE = pending('late@example.com', 1);
const EARLY = pending('early@example.com', 2);
const twoInvitationsModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: (snapshot) => {
    const { invitations } = snapshot.context as TeamMembersContext;
    return [
      { type: 'xstate.done.actor.loadTeam', output: { members: TEAM.members, invitations: [LATE, EARLY] } },
      ...invitations.slice(1, 2).map((invitation) => ({ type: 'invitation.resend.requested', invitation: { invitation_id: invitation.invitation_id, vendor_id: invitation.vendor_id } })),
      { type: 'xstate.done.actor.resendInvitation', output: { ...EARLY, expires_at: 9_999 } },
      { type: 'invite.submitted', invitation: { email_address: 'Late@example.com', role: 'dispatcher' } },
      { type: 'xstate.done.actor.inviteMember', output: { ...LATE, expires_at: 8_888 } },
    ];
  },
};

const generated: ModelPath[] = [...generatePaths(model), ...generatePaths(twoInvitationsModel)];
/** The vendor on screen chosen again (a picker re-sends its value), which the traversal never sends: nothing loads again. */
const paths: ModelPath[] = [...generated, ...withIgnoredStep(generated, sameVendorAgain)];

describe('teamMembers: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const context = snapshot.context as TeamMembersContext;
        // Each call acts on the member's own link, with what was asked.
        if (snapshot.matches('changing')) {
          const change = context.pending?.change;
          expect(replay.started.changeMember?.at(-1)).toEqual({
            vendorId: context.pending?.member.vendor_id, accountId: context.pending?.member.account_id,
            change: typeof change === 'object' ? change : undefined,
          });
        }
        if (snapshot.matches('removing')) expect(replay.started.removeMember?.at(-1)).toEqual({ vendorId: context.pending?.member.vendor_id, accountId: context.pending?.member.account_id });
        if (snapshot.matches('inviting')) {
          // The address goes out as the user typed it, but for its case: the last form submitted.
          const submitted = path.steps.slice(0, path.steps.indexOf(step) + 1).findLast((taken) => taken.event.type === 'invite.submitted');
          const { email_address, role } = (submitted?.event as unknown as { invitation: InvitationBody }).invitation;
          expect(replay.started.inviteMember?.at(-1)).toEqual({ vendorId: context.vendorId, invitation: { email_address: email_address.toLowerCase(), role } });
        }
        if (snapshot.matches('resendingInvitation')) expect(replay.started.resendInvitation?.at(-1)).toEqual({ vendorId: context.invitation?.vendor_id, invitationId: context.invitation?.invitation_id });
        if (snapshot.matches('revokingInvitation')) expect(replay.started.revokeInvitation?.at(-1)).toEqual({ vendorId: context.invitation?.vendor_id, invitationId: context.invitation?.invitation_id });
        if (snapshot.matches('ready')) expect([context.pending, context.invitation]).toEqual([null, null]);
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('teamMembers', paths));
});
