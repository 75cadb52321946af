import { createContext, useContext } from 'react';
import type { AppMode } from '../../../domain/types';
import type { AuthUser, GuestSessionBody, LoginResult } from '../../../adapters/ports';

/** What views know about the session. The composition root fills it from the session machine. */
export interface SessionView {
  mode: AppMode;
  status: 'restoring' | 'signedOut' | 'signingIn' | 'signedIn';
  user: AuthUser | null;
  /** Signed in, guest or GoDroid: guests count as authenticated for navigation (SPEC §2). */
  isAuthenticated: boolean;
  isGuest: boolean;
  /** The Authorization header requests send now, as stored (it changes at every login and token
   * refresh), so the live socket reconnects with it; null when none. Never shown. */
  authorization: string | null;
  /** Why the last login failed (the server's message, e.g. `UserNotConfirmedException`), while signed out. */
  loginError?: string | null;
}

/** What views may ask of the session; each call becomes an event to the session machine. */
export interface SessionCommands {
  login: (email: string, password: string) => void;
  logout: () => void;
  /** Creates a guest session (POST /guest/session) with the sender's details; rejects on failure. */
  startGuest: (details: GuestSessionBody) => Promise<void>;
  /** The server ended the session (a live socket closed with 4401 `session.ended`). */
  sessionEnded: () => void;
  /** Signs in with a session another route answered as POST /login does (an accepted invitation). */
  adoptLogin: (result: LoginResult) => void;
}

export interface SessionApi extends SessionView, SessionCommands {}

export const SIGNED_OUT: SessionView = { mode: 'CLASSIC', status: 'signedOut', user: null, isAuthenticated: false, isGuest: false, authorization: null };

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}
