import { assign, setup } from 'xstate';
import type { ApiKeyBody, ApiKeySummary, CreatedApiKey } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';
import { listMachineParts } from './vendorList';

// Settings → Developers: the account's API keys. Loads the list; creates a key from a name, an
// access level and a scope (shown once: the revealed key stays until the user dismisses it, and is
// never loaded again); revokes a key (it leaves the list when the server confirms). A refused create
// or revoke is an error toast with the server's translation key; a name or scope left out is shown
// by the form. The calls and the toast are provided by the app.

export interface ApiKeysContext {
  keys: ApiKeySummary[];
  /** The key just created, with its secret: shown once, forgotten on dismiss. */
  revealed: CreatedApiKey | null;
  /** What the form is missing (a name, a branch): a translation key. */
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

/** Create and revoke failures share one topic, so a second failure replaces the first. */
export const API_KEYS_TOAST_TOPIC = 'api-keys';

/** The toast for a refused create or revoke: the API's translation key, else the offline text's key. */
export const apiKeyErrorToast = (error: unknown): ToastParams => ({
  kind: 'error',
  message: errorMessageOf(error, 'error.offline'),
  topic: API_KEYS_TOAST_TOPIC,
});

const list = listMachineParts<ApiKeysContext, ApiKeysEvent>();

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
  actions: {
    toast: (_, _params: ToastParams) => {},
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
    ...list.loadingStates({ actor: 'listKeys', loaded: (keys: ApiKeySummary[]) => ({ keys }) }),
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
        id: 'createKey',
        src: 'createKey',
        input: ({ event }) => {
          const key = (event as Extract<ApiKeysEvent, { type: 'create.submitted' }>).key;
          return { ...key, name: key.name.trim() };
        },
        onDone: {
          target: 'ready',
          actions: assign({ revealed: ({ event }) => event.output, keys: ({ context, event }) => [event.output.api_key, ...context.keys] }),
        },
        // Never retried: a lost answer may mean a key was made that nobody has seen.
        onError: { target: 'ready', actions: { type: 'toast', params: ({ event }) => apiKeyErrorToast(event.error) } },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ keyId: context.revoking ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({ keys: ({ context }) => context.keys.filter((key) => key.key_id !== context.revoking), revoking: null }),
        },
        onError: {
          target: 'ready',
          actions: [assign({ revoking: null }), { type: 'toast', params: ({ event }) => apiKeyErrorToast(event.error) }],
        },
      },
    },
  },
});
