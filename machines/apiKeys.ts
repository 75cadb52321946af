import { assign, setup } from 'xstate';
import type { ApiKeyBody, ApiKeySummary, CreatedApiKey } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';

// Settings → Developers: the account's API keys. Loads the list; creates a key from a name, an
// access level and a scope (shown once: the revealed key stays until the user dismisses it, and is
// never loaded again); revokes a key (it leaves the list when the server confirms). The calls are
// actors the app provides.

export interface ApiKeysContext {
  keys: ApiKeySummary[];
  /** The key just created, with its secret: shown once, forgotten on dismiss. */
  revealed: CreatedApiKey | null;
  /** Why the last create or revoke failed (a translation key or the transport's text). */
  actionError: string | null;
  /** Why the list could not load. */
  loadError: string | null;
  /** The key being revoked. */
  revoking: string | null;
}

export type ApiKeysEvent =
  | { type: 'create.submitted'; key: ApiKeyBody }
  | { type: 'revoke.requested'; keyId: string }
  | { type: 'key.dismissed' }
  | { type: 'retry.requested' };

export const API_KEY_ERRORS = {
  nameRequired: 'developers.keys.error.name-required',
  scopeRequired: 'developers.keys.error.scope-required',
} as const;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
  },
  actors: {
    listKeys: promiseNotProvided<ApiKeySummary[], void>('listKeys'),
    createKey: promiseNotProvided<CreatedApiKey, ApiKeyBody>('createKey'),
    revokeKey: promiseNotProvided<true, { keyId: string }>('revokeKey'),
  },
  guards: {
    nameMissing: ({ event }) => event.type === 'create.submitted' && event.key.name.trim() === '',
    scopeMissing: ({ event }) => event.type === 'create.submitted' && event.key.vendor_ids.length === 0,
  },
}).createMachine({
  id: 'apiKeys',
  initial: 'loading',
  context: { keys: [], revealed: null, actionError: null, loadError: null, revoking: null },
  states: {
    loading: {
      invoke: {
        src: 'listKeys',
        onDone: { target: 'ready', actions: assign({ keys: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: { 'retry.requested': { target: 'loading' } },
    },
    ready: {
      on: {
        'create.submitted': [
          { guard: 'nameMissing', actions: assign({ actionError: API_KEY_ERRORS.nameRequired }) },
          { guard: 'scopeMissing', actions: assign({ actionError: API_KEY_ERRORS.scopeRequired }) },
          { target: 'creating', actions: assign({ actionError: null, revealed: null }) },
        ],
        'revoke.requested': { target: 'revoking', actions: assign({ actionError: null, revealed: null, revoking: ({ event }) => event.keyId }) },
        'key.dismissed': { actions: assign({ revealed: null }) },
      },
    },
    creating: {
      invoke: {
        src: 'createKey',
        input: ({ event }) => {
          const key = (event as Extract<ApiKeysEvent, { type: 'create.submitted' }>).key;
          return { ...key, name: key.name.trim() };
        },
        onDone: {
          target: 'ready',
          actions: assign({ revealed: ({ event }) => event.output, keys: ({ context, event }) => [event.output.api_key, ...context.keys] }),
        },
        onError: { target: 'ready', actions: assign({ actionError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    revoking: {
      invoke: {
        src: 'revokeKey',
        input: ({ context }) => ({ keyId: context.revoking ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({ keys: ({ context }) => context.keys.filter((key) => key.key_id !== context.revoking), revoking: null }),
        },
        onError: { target: 'ready', actions: assign({ actionError: ({ event }) => errorMessage(event.error), revoking: null }) },
      },
    },
  },
});
