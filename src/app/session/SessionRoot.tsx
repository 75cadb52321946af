import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { GuestSessionBody, KeyValueStorage } from '../../../adapters/ports';
import { authorizationHeader } from '../../../adapters/http/authorization';
import { writeGuestCredentials } from '../../../adapters/storage/guestStorage';
import type { Services } from '../services';
import { provideSessionMachine, type AppEffects } from '../machines';
import { SessionContext, type SessionApi, type SessionView } from './SessionContext';
import { inspectOptions } from '../inspector';

type SessionSnapshot = ReturnType<ReturnType<typeof provideSessionMachine>['getInitialSnapshot']>;

function viewOf(snapshot: SessionSnapshot, storage: KeyValueStorage): SessionView {
  const { mode, user } = snapshot.context;
  const state = snapshot.value;
  const status: SessionView['status'] =
    state === 'restoring' || state === 'routing' || state === 'godroid'
      ? 'restoring'
      : state === 'loggingIn'
        ? 'signingIn'
        : state === 'signedIn' || state === 'refreshing' || state === 'guest' || state === 'godroidReady'
          ? 'signedIn'
          : 'signedOut';
  // Read where every request reads it: the session machine stores the tokens before its snapshot changes.
  const authorization = authorizationHeader(storage);
  const loginError = status === 'signedOut' ? snapshot.context.error : null;
  return { mode, user, status, isAuthenticated: status === 'signedIn', isGuest: status === 'signedIn' && mode === 'GUEST', authorization, loginError };
}

const sameView = (a: SessionView, b: SessionView) =>
  a.mode === b.mode && a.status === b.status && a.user?.id === b.user?.id && a.isAuthenticated === b.isAuthenticated
  && a.authorization === b.authorization && a.loginError === b.loginError;

/** Runs the session machine with the real adapters and exposes it to views as SessionContext. */
export function SessionRoot({ services, effects, children }: { services: Services; effects: AppEffects; children: ReactNode }) {
  const machine = useMemo(() => provideSessionMachine(services, effects), [services, effects]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { nowUnix: services.clock.nowUnix } });
  const view = useSelector(actor, (snapshot) => viewOf(snapshot, services.storage), sameView);
  // The tab's live socket belongs to the session whose tokens opened it (API.md "Live updates"):
  // refreshed tokens, or a new session, open it again with the new ones.
  useEffect(() => services.live.renew(view.authorization), [services.live, view.authorization]);
  const api = useMemo<SessionApi>(
    () => ({
      ...view,
      login: (email, password) => actor.send({ type: 'login.submitted', email, password }),
      logout: () => actor.send({ type: 'logout' }),
      sessionEnded: () => actor.send({ type: 'session.ended' }),
      adoptLogin: ({ user, ...meta }) => actor.send({ type: 'login.accepted', session: { user, meta } }),
      startGuest: async (details: GuestSessionBody) => {
        const guestToken = await services.api.createGuestSession(details);
        // The sender details of a guest's orders come from these stored credentials (SPEC §3).
        writeGuestCredentials(services.storage, { ...details, location: null });
        actor.send({ type: 'guest.started', guestToken });
      },
    }),
    [view, actor, services],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
