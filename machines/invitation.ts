import { assign, setup } from 'xstate';
import type { InvitationView, LoginResult } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';

// The invitation page (server/teams/README.md "Invitations"): loads the invitation the mailed link
// names, then accepts it with a new account's password (or the existing account's), which answers a
// signed-in session as POST /login does. The app signs in with that answer and goes to the first page
// the role allows. A link that is unknown, revoked, used or expired can never work again: the page
// says so and offers the way back; anything else (offline) can be tried again.

export interface InvitationInput {
  token: string;
}

export interface InvitationContext extends InvitationInput {
  invitation: InvitationView | null;
  /** The last failure as a catalogue key (or the server's text). */
  errorKey: string | null;
}

export type InvitationEvent = { type: 'accept'; password: string } | { type: 'retry' };

/** The server's answers for a link that will never work (server/teams/routes.ts `liveInvitation`). */
export const UNUSABLE_INVITATION_KEYS: readonly string[] = ['team.error.invitation-invalid', 'team.error.invitation-expired'];

const errorKeyOf = (error: unknown) => errorMessageOf(error, 'error.offline');
const linkUnusable = (error: unknown) => UNUSABLE_INVITATION_KEYS.includes(errorKeyOf(error));

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    loadInvitation: promiseNotProvided<InvitationView, InvitationInput>('loadInvitation'),
    acceptInvitation: promiseNotProvided<LoginResult, { token: string; password: string }>('acceptInvitation'),
  },
  actions: {
    /** Hands the session the accept's answer (the app's session machine stores it as a login). */
    signIn: (_, _params: { session: LoginResult }) => {},
    /** Goes to the first page the new member's role allows. */
    goToLanding: () => {},
  },
}).createMachine({
  id: 'invitation',
  initial: 'loading',
  context: ({ input }) => ({ ...input, invitation: null, errorKey: null }),
  states: {
    loading: {
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: assign({ invitation: ({ event }) => event.output, errorKey: null }) },
        onError: [
          { guard: ({ event }) => linkUnusable(event.error), target: 'unusable', actions: assign({ errorKey: ({ event }) => errorKeyOf(event.error) }) },
          { target: 'failed', actions: assign({ errorKey: ({ event }) => errorKeyOf(event.error) }) },
        ],
      },
    },
    /** Could not load (offline, a server error): the link may still be good. */
    failed: { on: { retry: { target: 'loading' } } },
    /** Unknown, revoked, already used or expired: only a new invitation helps. */
    unusable: {},
    ready: { on: { accept: { target: 'accepting', actions: assign({ errorKey: null }) } } },
    accepting: {
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context, event }) => ({ token: context.token, password: event.type === 'accept' ? event.password : '' }),
        onDone: {
          target: 'joined',
          actions: [{ type: 'signIn', params: ({ event }) => ({ session: event.output }) }, 'goToLanding'],
        },
        onError: [
          // Used meanwhile (a second tab) or expired while the page was open.
          { guard: ({ event }) => linkUnusable(event.error), target: 'unusable', actions: assign({ errorKey: ({ event }) => errorKeyOf(event.error) }) },
          // A wrong password, a password the rules refuse, too many attempts, offline: fix and send again.
          { target: 'ready', actions: assign({ errorKey: ({ event }) => errorKeyOf(event.error) }) },
        ],
      },
    },
    joined: { type: 'final' },
  },
});
