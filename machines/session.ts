import { assign, setup } from 'xstate';
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
  /** The last login error message, shown as the toast 'auth.{message}'. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'login.submitted'; email: string; password: string }
  | { type: 'guest.started'; guestToken: GuestToken }
  | { type: 'logout' };

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

const loginErrorMessage = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'Something went wrong. Please try again. You could be offline.';

const signedOutState = {
  mode: 'CLASSIC' as AppMode,
  user: null,
  meta: null,
  guestToken: null,
  godroidToken: null,
  restaurantId: null,
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
    storeSession: (_, _params: { mode: AppMode; user: SessionUser | null; meta: AuthMeta | null; guestToken: GuestToken | null }) => {},
    clearStoredTokens: () => {},
    clearStoredGuestToken: () => {},
    clearStoredGuestOrders: () => {},
    /** Leaving the embedded session: the courier app's token and its terms marker (SPEC.md §6). */
    clearStoredGodroidToken: () => {},
    resetCollectionPointEdit: () => {},
    signOut: assign(signedOutState),
    startGuest: assign(({ event }) =>
      event.type === 'guest.started' ? { mode: 'GUEST' as AppMode, guestToken: event.guestToken } : {},
    ),
  },
  guards: {
    isGodroid: ({ context }) => context.mode === 'GODROID' && context.godroidToken !== null,
    guestTokenExpired: ({ context }) =>
      context.mode === 'GUEST' && (context.guestToken === null || context.guestToken.expires <= context.nowUnix()),
    isGuest: ({ context }) => context.mode === 'GUEST',
    sessionValid: ({ context }) =>
      isSessionValid({ mode: context.mode, user: context.user, expires: context.meta?.Expires ?? null }, context.nowUnix()),
  },
  delays: {
    refreshDelay: ({ context }) => sessionRefreshDelayMs(context.meta?.Expires ?? 0, context.nowUnix()),
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
            assign(({ event }) => ({ mode: 'CLASSIC' as AppMode, user: event.output.user, meta: event.output.meta, guestToken: null })),
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
      on: { logout: { target: 'loggingOut' } },
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
            actions: assign({
              // The server does not send the refresh token again: the old one is kept.
              meta: ({ context, event }) => ({ ...event.output!, RefreshToken: context.meta?.RefreshToken ?? event.output!.RefreshToken }),
            }),
          },
          { target: 'disconnected' },
        ],
        onError: { target: 'disconnected' },
      },
      on: { logout: { target: 'loggingOut' } },
    },
    disconnected: {
      entry: ['clearStoredTokens', 'signOut', { type: 'toast', params: { kind: 'error', message: DISCONNECTED_MESSAGE } }],
      always: { target: 'signedOut' },
    },
    guest: {
      on: {
        'login.submitted': { target: 'loggingIn' },
        logout: { target: 'loggingOut' },
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
