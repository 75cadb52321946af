import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// Application start (SPEC.md §2, §8): vendors, flags and translations load side by side; any failure
// shows the full-screen error whose close button reloads. Once ready, the asset manifest is checked
// every 5 minutes (an outdated build warns, then reloads after 3 s) and lazy chunks retry 10 times,
// 2 s apart.

export const APP_LOAD_ERROR = 'Could not load the application. Please check your internet connection and try again';
export const OUTDATED_WARNING = 'Your application is outdated, automatically reloading the app in 3 seconds';

export interface AppLoadContext {
  chunk: string | null;
  /** Retries made for the current chunk (the first load is not a retry). */
  chunkAttempts: number;
}

export type AppLoadEvent = { type: 'error.closed' } | { type: 'chunk.requested'; chunk: string };

export const appLoadMachine = setup({
  types: {
    context: {} as AppLoadContext,
    events: {} as AppLoadEvent,
  },
  actors: {
    loadVendors: promiseNotProvided<void, void>('loadVendors'),
    loadFlags: promiseNotProvided<void, void>('loadFlags'),
    loadTranslations: promiseNotProvided<void, void>('loadTranslations'),
    /** Compares the running build with the served asset manifest. */
    checkBuildVersion: promiseNotProvided<{ outdated: boolean }, void>('checkBuildVersion'),
    loadChunk: promiseNotProvided<void, { chunk: string }>('loadChunk'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    reload: () => {},
    countChunkAttempt: assign(({ context }) => ({ chunkAttempts: context.chunkAttempts + 1 })),
  },
  guards: {
    isOutdated: (_, params: { outdated: boolean }) => params.outdated,
    chunkRetriesLeft: ({ context }) => context.chunkAttempts < LIMITS.lazyChunkRetries,
  },
  delays: {
    versionCheckInterval: LIMITS.assetVersionCheckMs,
    reloadAfterWarning: LIMITS.outdatedReloadAfterMs,
    chunkRetryDelay: LIMITS.lazyChunkRetryDelayMs,
  },
}).createMachine({
  id: 'appLoad',
  initial: 'loading',
  context: { chunk: null, chunkAttempts: 0 },
  states: {
    loading: {
      type: 'parallel',
      onDone: { target: 'ready' },
      states: {
        vendors: {
          initial: 'loading',
          states: {
            loading: {
              invoke: { id: 'loadVendors', src: 'loadVendors', onDone: 'loaded', onError: '#appLoad.failed' },
            },
            loaded: { type: 'final' },
          },
        },
        flags: {
          initial: 'loading',
          states: {
            loading: {
              invoke: { id: 'loadFlags', src: 'loadFlags', onDone: 'loaded', onError: '#appLoad.failed' },
            },
            loaded: { type: 'final' },
          },
        },
        translations: {
          initial: 'loading',
          states: {
            loading: {
              invoke: { id: 'loadTranslations', src: 'loadTranslations', onDone: 'loaded', onError: '#appLoad.failed' },
            },
            loaded: { type: 'final' },
          },
        },
      },
    },
    /** The full-screen error snackbar; closing it reloads. */
    failed: {
      on: { 'error.closed': { actions: 'reload' } },
    },
    ready: {
      type: 'parallel',
      states: {
        version: {
          initial: 'current',
          states: {
            current: { after: { versionCheckInterval: { target: 'checking' } } },
            checking: {
              invoke: {
                id: 'checkBuildVersion',
                src: 'checkBuildVersion',
                onDone: [
                  { guard: { type: 'isOutdated', params: ({ event }) => ({ outdated: event.output.outdated }) }, target: 'outdated' },
                  { target: 'current' },
                ],
                // A manifest that cannot be read says nothing about the build: check again later.
                onError: { target: 'current' },
              },
            },
            outdated: {
              entry: { type: 'toast', params: { kind: 'warning', message: OUTDATED_WARNING, durationMs: LIMITS.outdatedReloadAfterMs } },
              after: { reloadAfterWarning: { actions: 'reload' } },
            },
          },
        },
        chunks: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'chunk.requested': {
                  target: 'loading',
                  actions: assign(({ event }) => ({ chunk: event.chunk, chunkAttempts: 0 })),
                },
              },
            },
            loading: {
              invoke: {
                id: 'loadChunk',
                src: 'loadChunk',
                input: ({ context }) => ({ chunk: context.chunk ?? '' }),
                onDone: { target: 'idle', actions: assign({ chunk: null, chunkAttempts: 0 }) },
                onError: [{ guard: 'chunkRetriesLeft', target: 'retrying' }, { target: '#appLoad.failed' }],
              },
            },
            retrying: {
              after: { chunkRetryDelay: { target: 'loading', actions: 'countChunkAttempt' } },
            },
          },
        },
      },
    },
  },
});
