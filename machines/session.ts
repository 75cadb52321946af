import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { isSessionValid, sessionRefreshDelayMs } from '../domain';
import type { AppMode, AuthMeta, UnixSeconds } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The session (SPEC.md §4 Session, §6): CLASSIC, GODROID or GUEST; a classic session refreshes when
// fewer than 600 s remain, and a failed refresh disconnects the user.

export interface SessionUser {
  id: string;
  email: string;
}

export interface GuestToken {
  token: string;
  expires: UnixSeconds;
}

export interface StoredSession {
  mode: AppMode;
  user: SessionUser | null;
  meta: AuthMeta | null;
  godroidToken: string | null;
  guestToken: GuestToken | null;
}

export interface SessionInput {
  nowUnix: () => UnixSeconds;
}

export interface SessionContext extends StoredSession, SessionInput {
  restaurantId: string | null;
  /** The whole life of the tokens received by the last login or refresh; null for restored ones. */
  tokenLifetimeS: number | null;
  /** The last login error message, shown as the toast 'auth.{message}'. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'login.submitted'; email: string; password: string }
  /** Signed in by another route that answers as POST /login does (an accepted team invitation). */
  | { type: 'login.accepted'; session: LoginOutput }
  | { type: 'guest.started'; guestToken: GuestToken }
  | { type: 'logout' }
  /** The server ended the session (API.md "Live updates": a socket closed with 4401 `session.ended`). */
  | { type: 'session.ended' };

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginOutput {
  user: SessionUser;
  meta: AuthMeta;
}

export interface LoginError {
  status?: number;
  message: string;
}

export const DISCONNECTED_MESSAGE = 'You are now disconnected.';
/** Shown when the server ended the session (signed out elsewhere, password changed, account disabled). */
export const SESSION_ENDED_MESSAGE = 'auth.session.ended';

const loginErrorMessage = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'Something went wrong. Please try again. You could be offline.';

/** The server does not send the refresh token again on /login/extend: the old one is kept. */
const refreshedMeta = (context: SessionContext, refreshed: AuthMeta): AuthMeta => ({
  ...refreshed,
  RefreshToken: context.meta?.RefreshToken ?? refreshed.RefreshToken,
});

/** What storeSession keeps on the device. */
interface StoredSessionParams { mode: AppMode; user: SessionUser | null; meta: AuthMeta | null; guestToken: GuestToken | null }

/** The actions adoptAcceptedLogin enqueues (named here: setup's actions cannot infer each other's types). */
type AdoptedLoginActions =
  | { type: 'storeSession'; params: StoredSessionParams }
  | { type: 'clearStoredGuestOrders'; params: undefined }
  | { type: 'resetCollectionPointEdit'; params: undefined };

const signedOutState = {
  mode: 'CLASSIC' as AppMode,
  user: null,
  meta: null,
  guestToken: null,
  godroidToken: null,
  restaurantId: null,
  tokenLifetimeS: null,
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    restoreSession: promiseNotProvided<StoredSession, void>('restoreSession'),
    login: promiseNotProvided<LoginOutput, LoginInput>('login'),
    /** Resolves with the new auth meta, or null when the server refuses (API.md /login/extend). */
    refreshSession: promiseNotProvided<AuthMeta | null, { refreshToken: string }>('refreshSession'),
    logout: promiseNotProvided<boolean, void>('logout'),
    decodeGodroidToken: promiseNotProvided<{ restaurantId: string }, { token: string }>('decodeGodroidToken'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    storeSession: (_, _params: StoredSessionParams) => {},
    clearStoredTokens: () => {},
    clearStoredGuestToken: () => {},
    clearStoredGuestOrders: () => {},
    /** Leaving the embedded session: the courier app's token and its terms marker (SPEC.md §6). */
    clearStoredGodroidToken: () => {},
    resetCollectionPointEdit: () => {},
    signOut: assign(signedOutState),
    /** Another route opened the session (an accepted invitation): kept and stored as a login's. */
    adoptAcceptedLogin: enqueueActions<SessionContext, SessionEvent, undefined, SessionEvent, never, AdoptedLoginActions, never>(({ context, event, enqueue }) => {
      assertEvent(event, 'login.accepted');
      const { user, meta } = event.session;
      enqueue.assign({ mode: 'CLASSIC' as AppMode, user, meta, guestToken: null, tokenLifetimeS: meta.Expires - context.nowUnix(), error: null });
      enqueue({ type: 'storeSession', params: { mode: 'CLASSIC' as AppMode, user, meta, guestToken: null } });
      enqueue({ type: 'clearStoredGuestOrders', params: undefined });
      enqueue({ type: 'resetCollectionPointEdit', params: undefined });
    }),
    startGuest: assign(({ event }) =>
      event.type === 'guest.started' ? { mode: 'GUEST' as AppMode, guestToken: event.guestToken } : {},
    ),
  },
  guards: {
    // SPEC §4: in GODROID mode the token is decoded; a GODROID mode stored without its token fails
    // that decoding and signs out, instead of passing for a valid session with no user.
    isGodroid: ({ context }) => context.mode === 'GODROID',
    guestTokenExpired: ({ context }) =>
      context.mode === 'GUEST' && (context.guestToken === null || context.guestToken.expires <= context.nowUnix()),
    isGuest: ({ context }) => context.mode === 'GUEST',
    sessionValid: ({ context }) =>
      isSessionValid({ mode: context.mode, user: context.user, expires: context.meta?.Expires ?? null }, context.nowUnix()),
  },
  delays: {
    refreshDelay: ({ context }) => sessionRefreshDelayMs(context.meta?.Expires ?? 0, context.nowUnix(), context.tokenLifetimeS),
  },
}).createMachine({
  id: 'session',
  initial: 'restoring',
  context: ({ input }) => ({ ...input, ...signedOutState, error: null }),
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: { target: 'routing', actions: assign(({ event }) => ({ ...event.output })) },
        onError: { target: 'signedOut' },
      },
    },
    routing: {
      always: [
        { guard: 'isGodroid', target: 'godroid' },
        // An expired guest token is cleared and the portal falls back to classic mode.
        { guard: 'guestTokenExpired', target: 'signedOut', actions: ['clearStoredGuestToken', 'signOut'] },
        { guard: 'isGuest', target: 'guest' },
        { guard: 'sessionValid', target: 'signedIn' },
        { target: 'signedOut', actions: ['clearStoredTokens', 'signOut'] },
      ],
    },
    godroid: {
      invoke: {
        id: 'decodeGodroidToken',
        src: 'decodeGodroidToken',
        input: ({ context }) => ({ token: context.godroidToken ?? '' }),
        onDone: { target: 'godroidReady', actions: assign({ restaurantId: ({ event }) => event.output.restaurantId }) },
        onError: { target: 'signedOut', actions: ['clearStoredTokens', 'signOut'] },
      },
    },
    // The way out of the embedded session: logging out forgets the courier app's token on this
    // device, so the portal is back to the sign-in page (a new token from the app signs in again).
    godroidReady: {
      on: { logout: { target: 'signedOut', actions: ['clearStoredGodroidToken', 'signOut'] } },
    },
    signedOut: {
      on: {
        'login.submitted': { target: 'loggingIn' },
        // Another route opened the session (an accepted invitation): stored as a login's.
        'login.accepted': { target: 'signedIn', actions: 'adoptAcceptedLogin' },
        'guest.started': {
          target: 'guest',
          actions: [
            'startGuest',
            { type: 'storeSession', params: ({ event }) => ({ mode: 'GUEST' as AppMode, user: null, meta: null, guestToken: event.guestToken }) },
          ],
        },
      },
    },
    loggingIn: {
      entry: assign({ error: null }),
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'login.submitted' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: {
          target: 'signedIn',
          actions: [
            assign(({ context, event }) => ({
              mode: 'CLASSIC' as AppMode,
              user: event.output.user,
              meta: event.output.meta,
              guestToken: null,
              tokenLifetimeS: event.output.meta.Expires - context.nowUnix(),
            })),
            { type: 'storeSession', params: ({ event }) => ({ mode: 'CLASSIC' as AppMode, user: event.output.user, meta: event.output.meta, guestToken: null }) },
            'clearStoredGuestOrders',
            'resetCollectionPointEdit',
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => loginErrorMessage(event.error) }),
            { type: 'toast', params: ({ event }) => ({ kind: 'error' as const, message: `auth.${loginErrorMessage(event.error)}` }) },
          ],
        },
      },
    },
    signedIn: {
      after: { refreshDelay: { target: 'refreshing' } },
      on: { logout: { target: 'loggingOut' }, 'session.ended': { target: 'ended' } },
    },
    refreshing: {
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        input: ({ context }) => ({ refreshToken: context.meta?.RefreshToken ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: [
              assign({
                meta: ({ context, event }) => refreshedMeta(context, event.output!),
                tokenLifetimeS: ({ context, event }) => event.output!.Expires - context.nowUnix(),
              }),
              // Requests and socket reconnects read the tokens from storage: the refreshed ones must be there.
              {
                type: 'storeSession',
                params: ({ context, event }) => ({ mode: 'CLASSIC' as AppMode, user: context.user, meta: refreshedMeta(context, event.output!), guestToken: null }),
              },
            ],
          },
          { target: 'disconnected' },
        ],
        onError: { target: 'disconnected' },
      },
      on: { logout: { target: 'loggingOut' }, 'session.ended': { target: 'ended' } },
    },
    /** The server ended the session: nothing to tell it, the local session ends with a message. */
    ended: {
      entry: ['clearStoredTokens', 'signOut', { type: 'toast', params: { kind: 'error', message: SESSION_ENDED_MESSAGE } }],
      always: { target: 'signedOut' },
    },
    disconnected: {
      entry: ['clearStoredTokens', 'signOut', { type: 'toast', params: { kind: 'error', message: DISCONNECTED_MESSAGE } }],
      always: { target: 'signedOut' },
    },
    guest: {
      on: {
        'login.submitted': { target: 'loggingIn' },
        // Another route opened the session (an accepted invitation): stored as a login's.
        'login.accepted': { target: 'signedIn', actions: 'adoptAcceptedLogin' },
        logout: { target: 'loggingOut' },
        'session.ended': { target: 'ended' },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: ['clearStoredTokens', 'signOut'] },
        // The local session ends even when the server call fails.
        onError: { target: 'signedOut', actions: ['clearStoredTokens', 'signOut'] },
      },
    },
  },
});
