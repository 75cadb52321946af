import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AuthMeta } from '../../domain';
import type { GuestToken } from '../../machines';
import { DISCONNECTED_MESSAGE, SESSION_ENDED_MESSAGE, sessionMachine, type StoredSession } from '../../machines';
import type { EffectCall } from './walkPaths';
import { NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';
import type { EffectOracle } from './oracles';

const meta = (expires: number, refreshToken = 'refresh-1'): AuthMeta => ({ AccessToken: 'access', IdToken: 'id', RefreshToken: refreshToken, Expires: expires });
const user = { id: 'user-1', email: 'vendor@example.com' };
const invitedUser = { id: 'user-2', email: 'new.member@example.com' };
const stored = (overrides: Partial<StoredSession>): StoredSession => ({
  mode: 'CLASSIC',
  user: null,
  meta: null,
  godroidToken: null,
  guestToken: null,
  ...overrides,
});

const restore = (output: StoredSession) => ({ type: 'xstate.done.actor.restoreSession', output });

/** The fallback shown for a failed login that carries no message of its own (an existing catalogue key). */
const LOGIN_FALLBACK_TOAST = 'auth.Something went wrong. Please try again. You could be offline.';

// What reaches the network port: the actors are started with what the user typed and what is stored.
const networkOracles: EffectOracle[] = [
  {
    rule: 'API.md POST /login: the login call carries the email and the password the user submitted',
    step: ({ event, after, replay }) => {
      if (event.type !== 'login.submitted' || !after.matches('loggingIn')) return;
      const { email, password } = event as unknown as { email: string; password: string };
      expect(replay.started.login?.at(-1)).toEqual({ email, password });
    },
  },
  {
    rule: 'SPEC §4 Session: in GODROID mode the stored token is decoded for the restaurant id',
    step: ({ after, before, replay }) => {
      if (!after.matches('godroid') || before?.matches('godroid')) return;
      // A GODROID mode stored without its token sends '', which no decoder accepts.
      expect(replay.started.decodeGodroidToken?.at(-1)).toEqual({ token: after.context.godroidToken ?? '' });
    },
  },
  {
    rule: 'SPEC §4 Session: a GoDroid token that cannot be decoded ends the session and clears the stored tokens',
    step: ({ event, after, effects }) => {
      if (event.type !== 'xstate.error.actor.decodeGodroidToken') return;
      expect(after.value).toBe('signedOut');
      expect(effects.map((effect) => effect.name)).toContain('clearStoredTokens');
    },
  },
  {
    rule: 'SPEC §4 Session: a GODROID or GUEST mode restored without its token is no session (decoded and refused, or cleared)',
    step: ({ event, after }) => {
      if (event.type !== 'xstate.done.actor.restoreSession') return;
      const restored = (event as unknown as { output: StoredSession }).output;
      const tokenMissing = (restored.mode === 'GODROID' && restored.godroidToken === null) || (restored.mode === 'GUEST' && restored.guestToken === null);
      if (!tokenMissing) return;
      expect(['signedIn', 'guest'].some((state) => after.matches(state)), `restored ${restored.mode} without a token is in ${JSON.stringify(after.value)}`).toBe(false);
    },
  },
  {
    rule: 'SPEC §4 Session: a failed login shows its message, or the offline message when it carries none',
    step: ({ event, effects }) => {
      if (event.type !== 'xstate.error.actor.login') return;
      const error = (event as unknown as { error: unknown }).error as { message?: unknown } | null;
      const message = typeof error === 'object' && typeof error?.message === 'string' ? `auth.${error.message}` : LOGIN_FALLBACK_TOAST;
      expect(effects.filter((effect) => effect.name === 'toast')).toEqual([{ name: 'toast', params: { kind: 'error', message } }]);
    },
  },
];

const model: PathModel = {
  machine: sessionMachine,
  input: { nowUnix: () => NOW },
  strategy: 'simple',
  effects: ['toast', 'storeSession', 'clearStoredTokens', 'clearStoredGuestToken', 'clearStoredGuestOrders', 'resetCollectionPointEdit'],
  events: [
    restore(stored({ user, meta: meta(NOW + 3600) })),
    restore(stored({ user, meta: meta(NOW - 1) })),
    restore(stored({ mode: 'GUEST', guestToken: { token: 'guest', expires: NOW + 60 } })),
    restore(stored({ mode: 'GUEST', guestToken: { token: 'guest', expires: NOW - 60 } })),
    restore(stored({ mode: 'GODROID', godroidToken: 'godroid.jwt' })),
    { type: 'xstate.error.actor.restoreSession', error: new Error('storage unavailable') },
    { type: 'xstate.done.actor.decodeGodroidToken', output: { restaurantId: 'rest-9' } },
    { type: 'xstate.error.actor.decodeGodroidToken', error: new Error('bad token') },
    { type: 'login.submitted', email: 'vendor@example.com', password: 'Portal!2026' },
    { type: 'xstate.done.actor.login', output: { user, meta: meta(NOW + 3600) } },
    { type: 'xstate.error.actor.login', error: { status: 401, message: 'NotAuthorizedException' } },
    { type: 'guest.started', guestToken: { token: 'guest-2', expires: NOW + 3600 } },
    { type: 'login.accepted', session: { user: invitedUser, meta: meta(NOW + 3600) } },
    { type: 'xstate.after.refreshDelay.session.signedIn' },
    { type: 'xstate.done.actor.refreshSession', output: meta(NOW + 7200, 'not-sent') },
    { type: 'xstate.done.actor.refreshSession', output: null },
    { type: 'xstate.error.actor.refreshSession', error: new Error('offline') },
    { type: 'logout' },
    { type: 'xstate.done.actor.logout', output: true },
    { type: 'xstate.error.actor.logout', error: new Error('offline') },
    { type: 'session.ended' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.mode, snapshot.context.meta?.Expires ?? null, snapshot.context.restaurantId]),
  oracles: networkOracles,
};

/**
 * The edges of restoring and of a failed login, in a small model of their own (among the main
 * model's events each would multiply the paths through signed out): a guest token that expires this
 * very second, a GODROID or GUEST mode stored without its token (StoredSession types the mode and the
 * tokens apart; the app's restore never writes them so, an edited or older storage might), and login
 * failures that are no `{ message }` (a network error, a string, a number).
 */
const edgeModel: PathModel = {
  ...model,
  events: [
    restore(stored({ mode: 'GUEST', guestToken: { token: 'guest', expires: NOW } })),
    restore(stored({})),
    restore(stored({ mode: 'GODROID' })),
    restore(stored({ mode: 'GUEST' })),
    { type: 'xstate.error.actor.decodeGodroidToken', error: new Error('Invalid JWT') },
    { type: 'login.submitted', email: 'outlet@example.com', password: 'Other!2026' },
    { type: 'xstate.error.actor.login', error: null },
    { type: 'xstate.error.actor.login', error: 'offline' },
    { type: 'xstate.error.actor.login', error: { status: 503 } },
    { type: 'xstate.error.actor.login', error: { status: 500, message: 500 } },
  ],
  // The login error is part of the state here, so each failure is a path of its own.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.mode, snapshot.context.error]),
};

const walked = [...generatePaths(model).map((path) => ({ model, path })), ...generatePaths(edgeModel).map((path) => ({ model: edgeModel, path }))];
const paths: ModelPath[] = walked.map(({ path }) => path);

/**
 * What the device holds, as the effects leave it (the app's storeSession and clear* actions on
 * localStorage): requests and socket reconnects read their tokens from here, not from the machine.
 */
interface StoredTokens {
  meta: AuthMeta | null;
  guestToken: GuestToken | null;
}

function applyToStorage(stored: StoredTokens, effect: EffectCall): StoredTokens {
  const params = effect.params as { mode: string; meta: AuthMeta | null; guestToken: GuestToken | null };
  switch (effect.name) {
    case 'storeSession':
      return params.mode === 'GUEST' ? { ...stored, guestToken: params.guestToken } : { meta: params.meta, guestToken: null };
    case 'clearStoredTokens':
      return { meta: null, guestToken: null };
    case 'clearStoredGuestToken':
      return { ...stored, guestToken: null };
    default:
      return stored;
  }
}

/** States whose session must be the stored one: a classic session's tokens, a guest's token, or none. */
const SETTLED_STATES = ['signedIn', 'refreshing', 'guest', 'signedOut'];
/** States inside a session: leaving one for signedOut must clear what is stored. */
const SESSION_STATES = ['signedIn', 'refreshing', 'guest', 'loggingOut'];

describe('session: every path', () => {
  for (const { model, path } of walked) {
    it(describePath(path), async () => {
      let stored: StoredTokens = { meta: null, guestToken: null };
      let seen = 0;
      let wasInSession = false;
      await replayPath(model, path, (snapshot, replay, step) => {
        const names = replay.effects.map((effect) => effect.name);
        const stepEffects = replay.effects.slice(seen);
        seen = replay.effects.length;
        if (step.event.type === 'xstate.done.actor.restoreSession') {
          const restored = (step.event as unknown as { output: StoredSession }).output;
          stored = { meta: restored.meta, guestToken: restored.guestToken };
        }
        stored = stepEffects.reduce(applyToStorage, stored);

        // Effect oracles (SPEC.md §4 Session). Every successful login and refresh stores the tokens of
        // that event, so the next request and socket reconnect send them.
        if (step.event.type === 'xstate.done.actor.login' || step.event.type === 'login.accepted' || (step.event.type === 'xstate.done.actor.refreshSession' && snapshot.matches('signedIn'))) {
          const stores = stepEffects.filter((effect) => effect.name === 'storeSession');
          expect(stores, `storeSession after ${step.event.type}`).toHaveLength(1);
          expect((stores[0]!.params as { meta: AuthMeta }).meta, `stored tokens after ${step.event.type}`).toEqual(snapshot.context.meta);
        }
        // Every way out of a session clears the stored tokens.
        if (wasInSession && snapshot.matches('signedOut')) {
          expect(stepEffects.map((effect) => effect.name), `clearStoredTokens on leaving by ${step.event.type}`).toContain('clearStoredTokens');
        }
        wasInSession = SESSION_STATES.some((state) => snapshot.matches(state));
        // Whatever the path, the device holds the machine's session and nothing else.
        if (SETTLED_STATES.some((state) => snapshot.matches(state))) {
          const value = JSON.stringify(snapshot.value);
          expect(stored.meta, `stored tokens in ${value}`).toEqual(snapshot.context.mode === 'CLASSIC' ? snapshot.context.meta : null);
          expect(stored.guestToken, `stored guest token in ${value}`).toEqual(snapshot.context.mode === 'GUEST' ? snapshot.context.guestToken : null);
        }
        if (step.event.type === 'session.ended' && snapshot.matches('signedOut')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: SESSION_ENDED_MESSAGE } });
        }
        // An accepted invitation's session is the invited account's, stored as a login's.
        if (step.event.type === 'login.accepted') expect(snapshot.context.user).toEqual(invitedUser);
        if (snapshot.matches('signedIn') && (step.event.type === 'xstate.done.actor.login' || step.event.type === 'login.accepted')) {
          // Login success clears the stored guest orders and the collection-point edit state.
          expect(names).toEqual(expect.arrayContaining(['clearStoredGuestOrders', 'resetCollectionPointEdit']));
        }
        if (step.event.type === 'xstate.done.actor.refreshSession' && snapshot.matches('signedIn')) {
          expect(snapshot.context.meta?.RefreshToken).toBe('refresh-1');
        }
        if (snapshot.matches('signedOut') && step.event.type.startsWith('xstate.') && step.event.type.includes('refreshSession')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: DISCONNECTED_MESSAGE } });
          expect(names).toContain('clearStoredTokens');
          expect(snapshot.context.mode).toBe('CLASSIC');
        }
        if (step.event.type === 'xstate.error.actor.login') {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: expect.stringMatching(/^auth\./) } });
        }
        // A guest token is expired from the second it expires: restoring it signs the guest out.
        if (step.event.type === 'xstate.done.actor.restoreSession') {
          const restored = (step.event as unknown as { output: StoredSession }).output;
          if (restored.mode === 'GUEST' && restored.guestToken && restored.guestToken.expires <= NOW) {
            expect(snapshot.value).toBe('signedOut');
            expect(stepEffects.map((effect) => effect.name)).toContain('clearStoredGuestToken');
          }
        }
        if (snapshot.matches('godroidReady')) expect(snapshot.context.restaurantId).toBe('rest-9');
        if (snapshot.matches('signedOut')) expect(snapshot.context.user).toBeNull();
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('session', paths));
});

describe('session: spec', () => {
  it('refreshes exactly when fewer than 600 s remain', async () => {
    const clock = new SimulatedClock();
    let now = NOW;
    const refreshed: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise(async () => stored({ user, meta: meta(NOW + 1000) })),
          refreshSession: fromPromise(async ({ input }) => (refreshed.push(input.refreshToken), meta(NOW + 5000))),
        },
      }),
      { input: { nowUnix: () => now }, clock },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('signedIn');
    now += 399;
    clock.increment(399_000);
    expect(refreshed).toEqual([]);
    now += 1;
    clock.increment(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(refreshed).toEqual(['refresh-1']);
    expect(actor.getSnapshot().context.meta?.Expires).toBe(NOW + 5000);
  });
});

describe('session: short-lived tokens', () => {
  // A login and an accepted invitation (stored as a login's, signed out or as a guest) all start the
  // refresh clock from the tokens' whole life.
  const accepted = (now: number) => ({ type: 'login.accepted' as const, session: { user: invitedUser, meta: meta(now + 20) } });
  const guest = stored({ mode: 'GUEST', guestToken: { token: 'guest', expires: NOW + 3600 } });
  const signIn = {
    'a login': { restored: stored({}), event: () => ({ type: 'login.submitted' as const, email: user.email, password: 'Portal!2026' }) },
    'an accepted invitation': { restored: stored({}), event: accepted },
    "a guest's accepted invitation": { restored: guest, event: accepted },
  };

  it.each(Object.keys(signIn) as (keyof typeof signIn)[])('refreshes tokens that live 20 s after 10 s, each time, instead of at once in a loop, after %s', async (way) => {
    const clock = new SimulatedClock();
    let now = NOW;
    const storedMetas: AuthMeta[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise(async () => signIn[way].restored),
          login: fromPromise(async () => ({ user, meta: meta(now + 20) })),
          refreshSession: fromPromise<AuthMeta | null, { refreshToken: string }>(async () => ({ ...meta(now + 20), AccessToken: `access-${now}` })),
        },
        actions: { storeSession: (_, params) => void storedMetas.push(params.meta!) },
      }),
      { input: { nowUnix: () => now }, clock },
    ).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    actor.send(signIn[way].event(now));
    await settle();
    expect(storedMetas).toHaveLength(1);
    for (let refresh = 1; refresh <= 3; refresh++) {
      now += 9;
      clock.increment(9000);
      await settle();
      expect(storedMetas).toHaveLength(refresh);
      now += 1;
      clock.increment(1000);
      await settle();
      expect(storedMetas.at(-1)?.AccessToken).toBe(`access-${now}`);
    }
  });
});
