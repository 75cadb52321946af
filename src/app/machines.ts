import { fromPromise } from 'xstate';
import type { AuthMeta } from '../../domain/types';
import { appLoadMachine } from '../../machines/appLoad';
import { featureFlagsMachine, type FetchFlagsInput, type Flags } from '../../machines/featureFlags';
import { sessionMachine, type LoginInput, type LoginOutput, type StoredSession } from '../../machines/session';
import type { ToastParams } from '../../machines/toasts';
import type { FlagContext } from '../../adapters/ports';
import { clearGuestOrders } from '../../adapters/storage/guestStorage';
import {
  clearCredentials,
  clearGodroidSession,
  clearGuestSession,
  readAuthMeta,
  readAuthUser,
  readGodroidToken,
  readGuestSession,
  writeGuestSession,
  writeSignedIn,
} from '../../adapters/storage/sessionStorage';
import { importChunk } from './lazyChunks';
import type { Services } from './services';

// Every actor the app starts spreads inspectOptions() into its options (useActorRef(machine, { input,
// ...inspectOptions() })): Stately's live inspector in development with VITE_INSPECT=1, nothing otherwise.
export { inspectOptions } from './inspector';

/** What the machines need from React: the toast queue. */
export interface AppEffects {
  toast: (params: ToastParams) => void;
}

/** The session machine with its effects: the HTTP API and localStorage (SPEC §4 Session, §6 modes). */
export function provideSessionMachine(services: Services, effects: AppEffects) {
  const { api, storage, clock } = services;
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<StoredSession, void>(async () => {
        const godroidToken = readGodroidToken(storage);
        const guestToken = readGuestSession(storage);
        const user = readAuthUser(storage);
        const meta = readAuthMeta(storage);
        const mode = godroidToken ? 'GODROID' : user && meta ? 'CLASSIC' : guestToken ? 'GUEST' : 'CLASSIC';
        return { mode, user, meta, godroidToken, guestToken };
      }),
      login: fromPromise<LoginOutput, LoginInput>(async ({ input }) => {
        const { user, ...meta } = await api.login(input.email, input.password);
        return { user, meta };
      }),
      refreshSession: fromPromise<AuthMeta | null, { refreshToken: string }>(async ({ input }) => {
        if (input.refreshToken === '') return null;
        const extended = await api.extendSession(input.refreshToken);
        return {
          AccessToken: extended.AccessToken,
          IdToken: extended.IdToken,
          RefreshToken: input.refreshToken,
          Expires: clock.nowUnix() + extended.ExpiresIn,
        };
      }),
      logout: fromPromise<boolean, void>(() => api.logout()),
      // The GoDroid token is a JWT whose restaurant_id claim names the one vendor it reaches (API.md).
      // jose is loaded here, by the one session mode that reads a token, not by every first page.
      decodeGodroidToken: fromPromise<{ restaurantId: string }, { token: string }>(async ({ input }) => {
        const { decodeJwt } = await import('jose');
        const claims = decodeJwt(input.token);
        if (typeof claims.restaurant_id !== 'string') throw new Error('GoDroid token without restaurant_id');
        return { restaurantId: claims.restaurant_id };
      }),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      storeSession: (_, params) => {
        if (params.mode === 'GUEST' && params.guestToken) writeGuestSession(storage, params.guestToken);
        if (params.mode === 'CLASSIC' && params.user && params.meta) {
          clearGuestSession(storage);
          writeSignedIn(storage, params.user, params.meta);
        }
      },
      clearStoredTokens: () => clearCredentials(storage),
      clearStoredGuestToken: () => clearGuestSession(storage),
      clearStoredGuestOrders: () => clearGuestOrders(storage),
      clearStoredGodroidToken: () => clearGodroidSession(storage),
      // The collection-point dialog state lives in its own machine, started fresh on each visit.
      resetCollectionPointEdit: () => undefined,
    },
  });
}

/** The feature-flag machine over the configured providers (server flag service, then /flags.json). */
export function provideFeatureFlagsMachine(services: Pick<Services, 'flagSources'>, context: FlagContext) {
  const byName = new Map(services.flagSources.map((source) => [source.name, source]));
  return featureFlagsMachine.provide({
    actors: {
      fetchFlags: fromPromise<Flags, FetchFlagsInput>(async ({ input }) => {
        const source = byName.get(input.provider as 'server' | 'file');
        if (!source) throw new Error(`unknown flag provider ${input.provider}`);
        return source.fetchFlags(context);
      }),
    },
    actions: {
      logRefreshFailure: (_, params) => console.warn(params.message, params.cause),
    },
  });
}

/**
 * The app-load machine once the frame is up: vendors, flags and translations are loaded by their own
 * roots before this starts, so those steps resolve at once; what it adds is the outdated-build check
 * every 5 minutes (warning toast, reload after 3 s) and lazy-chunk retries.
 * The running build is the build id served when the app started: a deploy changes version.json.
 */
export function provideAppLoadMachine(services: Services, effects: AppEffects, startBuildId: Promise<string | null>) {
  const ready = fromPromise<void, void>(async () => undefined);
  return appLoadMachine.provide({
    actors: {
      loadVendors: ready,
      loadFlags: ready,
      loadTranslations: ready,
      checkBuildVersion: fromPromise<{ outdated: boolean }, void>(async () => {
        const [running, served] = await Promise.all([startBuildId, services.versions.currentBuildId()]);
        return { outdated: running !== null && served !== running };
      }),
      // One attempt at a lazy screen's chunk, by the name its route registered (lazyChunks.ts).
      loadChunk: fromPromise<void, { chunk: string }>(({ input }) => importChunk(input.chunk)),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      reload: () => services.reload(),
    },
  });
}
