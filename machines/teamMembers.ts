import { assign, setup } from 'xstate';
import type { InvitationBody, Member, MemberChangeBody, PendingInvitation, Team } from '../adapters/ports';
import { changeLeavesNoOwner, isValidEmailAddress, normaliseEmailAddress, type TeamMemberChange } from '../domain';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';
import { vendorListParts } from './vendorList';

// Settings → Team: the members of the selected vendor (and of its outlets) and its pending
// invitations. Loads the team; invites an address with a role (the server's refusal is kept for the
// invite dialog, translated); sends a pending invitation again (a fresh link) or withdraws it;
// changes a member's role, suspends or reactivates it, removes it. A
// change that would leave the vendor with no active owner is refused here with the server's own
// reason, without a call; another refused change is an error toast. The list follows only what the
// server confirmed. Choosing another vendor loads its team afresh. The calls and the toast are
// provided by the app.

/** Which link a change acts on: the account at the vendor or outlet where it is linked. */
export interface MemberRef {
  account_id: string;
  vendor_id: string;
}

export interface TeamMembersContext {
  vendorId: string;
  members: Member[];
  invitations: PendingInvitation[];
  /** Why the team could not load: a translation key. */
  loadError: string | null;
  /** Why the last invitation was refused (the dialog shows it): a translation key. */
  inviteError: string | null;
  /** The address the last invitation went to, until the dialog is opened again. */
  invited: string | null;
  /** The member being changed or removed, and how. */
  pending: { member: MemberRef; change: TeamMemberChange } | null;
  /** The invitation being sent again or withdrawn. */
  invitation: InvitationRef | null;
  /** The address a fresh link was just sent to (the page says so). */
  resent: string | null;
}

/** Which invitation a resend or revoke acts on: the vendor or outlet it invites to. */
export interface InvitationRef {
  invitation_id: string;
  vendor_id: string;
}

export type TeamMembersEvent =
  | { type: 'vendor.selected'; vendorId: string }
  | { type: 'retry.requested' }
  | { type: 'invite.started' }
  | { type: 'invite.submitted'; invitation: InvitationBody }
  | { type: 'member.changed'; member: MemberRef; change: TeamMemberChange }
  | { type: 'invitation.resend.requested'; invitation: InvitationRef }
  | { type: 'invitation.revoke.requested'; invitation: InvitationRef };

export const TEAM_ERRORS = {
  invalidEmail: 'validation.invalid-email',
  lastOwner: 'team.error.last-owner',
} as const;

/** Refused changes share one topic, so a second failure replaces the first. */
export const TEAM_TOAST_TOPIC = 'team';

export const teamErrorToast = (error: unknown): ToastParams => ({ kind: 'error', message: errorMessageOf(error, 'error.offline'), topic: TEAM_TOAST_TOPIC });

const pendingOf = (event: TeamMembersEvent) => (event.type === 'member.changed' ? { member: event.member, change: event.change } : null);
const sameLink = (a: MemberRef, b: MemberRef) => a.account_id === b.account_id && a.vendor_id === b.vendor_id;

/** The members once the server confirmed `change` on `member`. */
export function applyMemberChange(members: readonly Member[], member: MemberRef, change: TeamMemberChange): Member[] {
  if (change === 'remove') return members.filter((known) => !sameLink(known, member));
  return members.map((known) => (sameLink(known, member) ? { ...known, ...change } : known));
}

/** The PUT of the pending change: the link it acts on and the new role or status. */
function changeRequest(pending: TeamMembersContext['pending']): { vendorId: string; accountId: string; change: MemberChangeBody } {
  const change = pending?.change;
  const body: MemberChangeBody = change === undefined || change === 'remove' ? {} : 'role' in change ? { role: change.role } : { status: change.status };
  return { vendorId: pending?.member.vendor_id ?? '', accountId: pending?.member.account_id ?? '', change: body };
}

const fresh: Omit<TeamMembersContext, 'vendorId'> = { members: [], invitations: [], loadError: null, inviteError: null, invited: null, pending: null, invitation: null, resent: null };

const invitationOf = (event: TeamMembersEvent) => ('invitation' in event && 'invitation_id' in event.invitation ? event.invitation : null);
/** The call's input: the invitation at its own vendor. */
const invitationRequest = (invitation: InvitationRef | null) => ({ vendorId: invitation?.vendor_id ?? '', invitationId: invitation?.invitation_id ?? '' });

const list = vendorListParts<TeamMembersContext, TeamMembersEvent>(fresh);

export const teamMembersMachine = setup({
  types: {
    context: {} as TeamMembersContext,
    events: {} as TeamMembersEvent,
    input: {} as { vendorId: string },
  },
  actors: {
    loadTeam: promiseNotProvided<Team, { vendorId: string }>('loadTeam'),
    inviteMember: promiseNotProvided<PendingInvitation, { vendorId: string; invitation: InvitationBody }>('inviteMember'),
    changeMember: promiseNotProvided<true, { vendorId: string; accountId: string; change: MemberChangeBody }>('changeMember'),
    removeMember: promiseNotProvided<true, { vendorId: string; accountId: string }>('removeMember'),
    resendInvitation: promiseNotProvided<PendingInvitation, { vendorId: string; invitationId: string }>('resendInvitation'),
    revokeInvitation: promiseNotProvided<true, { vendorId: string; invitationId: string }>('revokeInvitation'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    selectVendor: list.selectVendor,
  },
  guards: {
    otherVendor: list.otherVendor,
    emailInvalid: ({ event }) => event.type === 'invite.submitted' && !isValidEmailAddress(normaliseEmailAddress(event.invitation.email_address)),
    leavesNoOwner: ({ context, event }) =>
      event.type === 'member.changed' && changeLeavesNoOwner(context.members, context.vendorId, event.member, event.change),
    isRemoval: ({ event }) => event.type === 'member.changed' && event.change === 'remove',
  },
}).createMachine({
  id: 'teamMembers',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, ...fresh }),
  on: list.vendorSelection,
  states: {
    ...list.loadingStates({
      actor: 'loadTeam',
      input: ({ context }) => ({ vendorId: context.vendorId }),
      loaded: (team: Team) => ({ members: team.members, invitations: team.invitations }),
    }),
    ready: {
      on: {
        'invite.started': { actions: assign({ inviteError: null, invited: null, resent: null }) },
        'invitation.resend.requested': { target: 'resendingInvitation', actions: assign({ invitation: ({ event }) => invitationOf(event), resent: null }) },
        'invitation.revoke.requested': { target: 'revokingInvitation', actions: assign({ invitation: ({ event }) => invitationOf(event), resent: null }) },
        'invite.submitted': [
          { guard: 'emailInvalid', actions: assign({ inviteError: TEAM_ERRORS.invalidEmail, invited: null }) },
          { target: 'inviting', actions: assign({ inviteError: null, invited: null }) },
        ],
        'member.changed': [
          { guard: 'leavesNoOwner', actions: { type: 'toast', params: { kind: 'error', message: TEAM_ERRORS.lastOwner, topic: TEAM_TOAST_TOPIC } } },
          { guard: 'isRemoval', target: 'removing', actions: assign({ pending: ({ event }) => pendingOf(event) }) },
          { target: 'changing', actions: assign({ pending: ({ event }) => pendingOf(event) }) },
        ],
      },
    },
    inviting: {
      invoke: {
        id: 'inviteMember',
        src: 'inviteMember',
        input: ({ context, event }) => {
          const { invitation } = event as Extract<TeamMembersEvent, { type: 'invite.submitted' }>;
          return { vendorId: context.vendorId, invitation: { ...invitation, email_address: normaliseEmailAddress(invitation.email_address) } };
        },
        onDone: {
          target: 'ready',
          actions: assign({
            invited: ({ event }) => event.output.email,
            invitations: ({ context, event }) => [event.output, ...context.invitations.filter((known) => known.invitation_id !== event.output.invitation_id)],
          }),
        },
        // Never retried (the mail may have gone): the dialog says why, the user decides.
        onError: { target: 'ready', actions: assign({ inviteError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    changing: {
      invoke: {
        id: 'changeMember',
        src: 'changeMember',
        input: ({ context }) => changeRequest(context.pending),
        onDone: { target: 'ready', actions: assign(({ context }) => ({ members: context.pending ? applyMemberChange(context.members, context.pending.member, context.pending.change) : context.members, pending: null })) },
        onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'toast', params: ({ event }) => teamErrorToast(event.error) }] },
      },
    },
    removing: {
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }) => ({ vendorId: context.pending?.member.vendor_id ?? '', accountId: context.pending?.member.account_id ?? '' }),
        onDone: { target: 'ready', actions: assign(({ context }) => ({ members: context.pending ? applyMemberChange(context.members, context.pending.member, 'remove') : context.members, pending: null })) },
        onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'toast', params: ({ event }) => teamErrorToast(event.error) }] },
      },
    },
    // A fresh link replaces the old one: the list shows its new expiry. Never retried (the mail may have gone).
    resendingInvitation: {
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: ({ context }) => invitationRequest(context.invitation),
        onDone: {
          target: 'ready',
          actions: assign({
            invitations: ({ context, event }) => context.invitations.map((known) => (known.invitation_id === event.output.invitation_id ? event.output : known)),
            resent: ({ event }) => event.output.email,
            invitation: null,
          }),
        },
        onError: { target: 'ready', actions: [assign({ invitation: null }), { type: 'toast', params: ({ event }) => teamErrorToast(event.error) }] },
      },
    },
    revokingInvitation: {
      invoke: {
        id: 'revokeInvitation',
        src: 'revokeInvitation',
        input: ({ context }) => invitationRequest(context.invitation),
        onDone: {
          target: 'ready',
          actions: assign({ invitations: ({ context }) => context.invitations.filter((known) => known.invitation_id !== context.invitation?.invitation_id), invitation: null }),
        },
        onError: { target: 'ready', actions: [assign({ invitation: null }), { type: 'toast', params: ({ event }) => teamErrorToast(event.error) }] },
      },
    },
  },
});
