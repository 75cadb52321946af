import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import type { FlagMap } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';

// Feature flags (SPEC.md §6, §7): providers are tried in the configured order with the fallback file
// last, each with a 2 s timeout; flags are polled every 5 minutes and a refresh request is debounced
// by 400 ms. When every provider fails on the first load the §6 fallback values apply; a failed
// refresh keeps the flags already known.

// Variations are scalars or JSON objects (TrackingPageSettings); the adapters' port defines them.
export type { FlagValue } from '../adapters/ports';
export type Flags = FlagMap;

/** SPEC.md §6: the values when every flag provider fails. */
export const FALLBACK_FLAGS: Flags = {
  PlannedMaintenance: false,
  UnplannedMaintenance: false,
  GoogleAutocomplete: false,
  Helpcenter: true,
};

export const FLAG_REFRESH_FAILED = 'FwF: couldnt refresh the flags';
export const FLAG_TIMEOUT_ERROR = 'Timeout error';

export interface FeatureFlagsInput {
  /** Provider names in the configured order; the fallback file must come last. */
  providers: string[];
}

export interface FeatureFlagsContext extends FeatureFlagsInput {
  flags: Flags | null;
  /** Which provider gave `flags`, or 'fallback' for the SPEC §6 values. */
  source: string | null;
  providerIndex: number;
  /** Why the last provider attempt failed, for the log. */
  lastError: string | null;
}

export type FeatureFlagsEvent = { type: 'flags.refresh.requested' };

export interface FetchFlagsInput {
  provider: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const featureFlagsMachine = setup({
  types: {
    context: {} as FeatureFlagsContext,
    events: {} as FeatureFlagsEvent,
    input: {} as FeatureFlagsInput,
  },
  actors: {
    fetchFlags: promiseNotProvided<Flags, FetchFlagsInput>('fetchFlags'),
  },
  actions: {
    /** Logs 'FwF: couldnt refresh the flags' with the cause; provided by the app. */
    logRefreshFailure: (_, _params: { message: string; cause: string | null }) => {},
    restartProviders: assign({ providerIndex: 0, lastError: null }),
    nextProvider: assign(({ context }) => ({ providerIndex: context.providerIndex + 1 })),
    useFallbackFlags: assign({ flags: () => ({ ...FALLBACK_FLAGS }), source: 'fallback' }),
  },
  guards: {
    hasMoreProviders: ({ context }) => context.providerIndex + 1 < context.providers.length,
    hasFlags: ({ context }) => context.flags !== null,
  },
  delays: {
    fetchTimeout: LIMITS.flagTimeoutMs,
    pollInterval: LIMITS.flagPollingMs,
    refreshDebounce: LIMITS.flagDebounceMs,
  },
}).createMachine({
  id: 'featureFlags',
  initial: 'fetching',
  context: ({ input }) => ({ ...input, flags: null, source: null, providerIndex: 0, lastError: null }),
  states: {
    fetching: {
      entry: 'restartProviders',
      initial: 'attempt',
      states: {
        attempt: {
          invoke: {
            id: 'fetchFlags',
            src: 'fetchFlags',
            input: ({ context }) => ({ provider: context.providers[context.providerIndex] }),
            onDone: {
              target: '#featureFlags.ready',
              actions: assign({ flags: ({ event }) => event.output, source: ({ context }) => context.providers[context.providerIndex] }),
            },
            onError: { target: 'nextProvider', actions: assign({ lastError: ({ event }) => errorText(event.error) }) },
          },
          after: { fetchTimeout: { target: 'nextProvider', actions: assign({ lastError: FLAG_TIMEOUT_ERROR }) } },
        },
        nextProvider: {
          always: [
            { guard: 'hasMoreProviders', target: 'attempt', actions: 'nextProvider' },
            {
              guard: 'hasFlags',
              target: '#featureFlags.ready',
              actions: { type: 'logRefreshFailure', params: ({ context }) => ({ message: FLAG_REFRESH_FAILED, cause: context.lastError }) },
            },
            {
              target: '#featureFlags.ready',
              actions: [
                { type: 'logRefreshFailure', params: ({ context }) => ({ message: FLAG_REFRESH_FAILED, cause: context.lastError }) },
                'useFallbackFlags',
              ],
            },
          ],
        },
      },
    },
    ready: {
      after: { pollInterval: { target: 'fetching' } },
      on: { 'flags.refresh.requested': { target: 'debouncing' } },
    },
    debouncing: {
      after: { refreshDebounce: { target: 'fetching' } },
      // Another request restarts the debounce window.
      on: { 'flags.refresh.requested': { target: 'debouncing', reenter: true } },
    },
  },
});
