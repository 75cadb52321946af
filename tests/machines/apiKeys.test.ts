import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ApiKeyBody, ApiKeySummary, CreatedApiKey } from '../../adapters/ports';
import { API_KEY_ERRORS, API_KEYS_TOAST_TOPIC, apiKeysMachine, type ApiKeysContext } from '../../machines';
import { effectExactlyWhen, isError, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const summary = (keyId: string): ApiKeySummary => ({
  key_id: keyId, prefix: `cpk_${keyId}`, name: `Key ${keyId}`, access: 'read', vendor_ids: ['v-1'], created_by: 'a@example.com', created_at: 1, last_used_at: null,
});

/** The machine over an in-memory server that records what reached it. */
function start(options: { listFails?: boolean; createFails?: boolean } = {}) {
  const created: ApiKeyBody[] = [];
  const revoked: string[] = [];
  const toasts: unknown[] = [];
  let listCalls = 0;
  const machine = apiKeysMachine.provide({
    actions: { toast: (_, params) => void toasts.push(params) },
    actors: {
      listKeys: fromPromise<ApiKeySummary[], void>(async () => {
        listCalls += 1;
        if (options.listFails && listCalls === 1) throw new Error('error.server');
        return [summary('0000000000000001')];
      }),
      createKey: fromPromise<CreatedApiKey, ApiKeyBody>(async ({ input }) => {
        if (options.createFails) throw apiError('error.forbidden');
        created.push(input);
        return { key: 'cpk_0000000000000002_secret', api_key: { ...summary('0000000000000002'), name: input.name } };
      }),
      revokeKey: fromPromise<true, { keyId: string }>(async ({ input }) => {
        revoked.push(input.keyId);
        return true;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, created, revoked, toasts, listCalls: () => listCalls };
}

/** An error as the API client throws it: the API's translation key beside the transport's text. */
const apiError = (translationKey: string, text = translationKey) => Object.assign(new Error(text), { translationKey });

const body = (overrides: Partial<ApiKeyBody> = {}): ApiKeyBody => ({ name: ' Shop ', access: 'write', vendor_ids: ['v-1'], ...overrides });

describe('apiKeys: spec', () => {
  it('loads the list, creates a key (trimmed name), reveals it once and forgets it on dismiss', async () => {
    const { actor, created } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', key: body() });
    const shown = await waitFor(actor, (s) => s.matches('ready') && s.context.revealed !== null);
    expect(created).toEqual([{ name: 'Shop', access: 'write', vendor_ids: ['v-1'] }]);
    expect(shown.context.revealed?.key).toBe('cpk_0000000000000002_secret');
    expect(shown.context.keys.map((k) => k.key_id)).toEqual(['0000000000000002', '0000000000000001']);
    actor.send({ type: 'key.dismissed' });
    expect(actor.getSnapshot().context.revealed).toBeNull();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('secret');
  });

  it('refuses a blank name or an empty scope without calling the server', async () => {
    const { actor, created } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', key: body({ name: '   ' }) });
    expect(actor.getSnapshot().context.actionError).toBe(API_KEY_ERRORS.nameRequired);
    actor.send({ type: 'create.submitted', key: body({ vendor_ids: [] }) });
    expect(actor.getSnapshot().context.actionError).toBe(API_KEY_ERRORS.scopeRequired);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(created).toEqual([]);
  });

  it('toasts a refused create with its translation key and stays usable', async () => {
    const { actor, toasts } = start({ createFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', key: body() });
    const after = await waitFor(actor, (s) => s.matches('ready') && toasts.length > 0);
    expect(toasts).toEqual([{ kind: 'error', message: 'error.forbidden', topic: API_KEYS_TOAST_TOPIC }]);
    expect(after.context.revealed).toBeNull();
    expect(after.context.actionError).toBeNull();
  });

  it('revokes the chosen key and drops it from the list once the server confirms', async () => {
    const { actor, revoked } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'revoke.requested', keyId: '0000000000000001' });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.keys.length === 0);
    expect(revoked).toEqual(['0000000000000001']);
    expect(after.context.revoking).toBeNull();
  });

  it('retries a failed load', async () => {
    const { actor, listCalls } = start({ listFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry.requested' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(listCalls()).toBe(2);
    expect(actor.getSnapshot().context.keys).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through load, create (valid, blank name, no branch), dismiss, revoke, retry,
// with the calls answering or failing, replayed with the effect oracles of issue 25.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as ApiKeysContext | undefined;
const SECRET = 'cpk_secret_shown_once';
const createFailure = apiError('error.forbidden');
const revokeFailure = apiError('error.offline', 'Something went wrong. Please try again. You could be offline.');
/** A failure with nothing to show (the connection dropped before any answer): the offline text's key. */
const silentFailure = new TypeError('');
/** The key a failure is shown with: the API's translation key, else the offline text's key. */
const shownKeyOf = (error: unknown) => (error as { translationKey?: string }).translationKey ?? 'error.offline';
const validBody = body();

/** The next key the server would make: a fresh id, so a list never holds one id twice. */
function nextCreated(keys: readonly ApiKeySummary[]): CreatedApiKey {
  const next = Math.max(1, ...keys.map((key) => Number(key.key_id))) + 1;
  const keyId = String(next).padStart(16, '0');
  return { key: `${SECRET}_${keyId}`, api_key: { ...summary(keyId), name: 'Shop' } };
}

const oracles: EffectOracle[] = [
  {
    rule: 'issue 25: the key is revealed once, by the create answer, and forgotten on dismiss',
    step: ({ event, before, after }) => {
      const revealed = contextOf(after)?.revealed ?? null;
      if (event.type === 'xstate.done.actor.createKey') {
        expect(revealed).toEqual((event as unknown as { output: CreatedApiKey }).output);
      } else if (!contextOf(before)?.revealed) {
        expect(revealed, 'only a create answer reveals a key').toBeNull();
      }
      if (event.type === 'key.dismissed') {
        expect(revealed).toBeNull();
        expect(JSON.stringify(after.context), 'the secret stays nowhere after dismiss').not.toContain(SECRET);
      }
      for (const key of contextOf(after)?.keys ?? []) expect(JSON.stringify(key), 'the list never holds a secret').not.toContain(SECRET);
    },
  },
  {
    rule: 'issue 25: create is never retried: one call per accepted create, none for a refused form',
    path: (steps) => {
      const accepted = steps.filter((view) => view.event.type === 'create.submitted' && view.after.matches('creating')).length;
      expect(steps.at(-1)?.replay.started.createKey ?? []).toHaveLength(accepted);
    },
    step: ({ event, after }) => {
      if (event.type === 'xstate.error.actor.createKey') expect(after.matches('creating')).toBe(false);
    },
  },
  {
    rule: 'issue 25: a revoked key leaves the list when the server confirms, and only then',
    step: ({ event, before, after }) => {
      const keysBefore = contextOf(before)?.keys ?? [];
      const keysAfter = contextOf(after)?.keys ?? [];
      if (event.type === 'xstate.done.actor.revokeKey') {
        const revoked = contextOf(before)?.revoking;
        expect(keysAfter).toEqual(keysBefore.filter((key) => key.key_id !== revoked));
        expect(keysAfter.length).toBe(keysBefore.length - 1);
      } else if (event.type === 'xstate.error.actor.revokeKey' || event.type === 'revoke.requested') {
        expect(keysAfter).toEqual(keysBefore);
      }
    },
  },
  effectExactlyWhen(
    'issue 25: a refused create or revoke shows an error toast with its translated message; nothing else toasts',
    'toast',
    (view) => isError('createKey')(view) || isError('revokeKey')(view),
    (view: StepView) => {
      const key = shownKeyOf((view.event as unknown as { error: unknown }).error);
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
      return { kind: 'error', message: key, topic: API_KEYS_TOAST_TOPIC };
    },
  ),
  {
    rule: 'issue 25: what the form is missing is said with a translated message',
    step: ({ after }) => {
      const missing = contextOf(after)?.actionError;
      if (missing) expect(catalogue[missing], `${missing} is in the catalogue`).toBeDefined();
    },
  },
];

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { keys } = snapshot.context as ApiKeysContext;
  return [
    // Two keys are enough to see a create beside an older key; more only repeat those states.
    ...(keys.length < 2 ? [{ type: 'create.submitted', key: validBody }] : []),
    { type: 'create.submitted', key: body({ name: '   ' }) },
    { type: 'create.submitted', key: body({ vendor_ids: [] }) },
    ...(keys[0] ? [{ type: 'revoke.requested', keyId: keys[0].key_id }] : []),
    { type: 'key.dismissed' },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.listKeys', output: [summary('0000000000000001')] },
    { type: 'xstate.error.actor.listKeys', error: apiError('error.server') },
    { type: 'xstate.done.actor.createKey', output: nextCreated(keys) },
    { type: 'xstate.error.actor.createKey', error: createFailure },
    { type: 'xstate.done.actor.revokeKey', output: true },
    { type: 'xstate.error.actor.revokeKey', error: revokeFailure },
  ];
};

const model: PathModel = {
  machine: apiKeysMachine,
  strategy: 'shortest',
  effects: ['toast'],
  oracles,
  events,
  serializeState: (snapshot) => {
    const context = snapshot.context as ApiKeysContext;
    return JSON.stringify([snapshot.value, context.keys.map((key) => key.key_id), context.revealed?.api_key.key_id ?? null, context.actionError, context.revoking]);
  },
};

/**
 * A second small model, so these steps are walked whatever the machine does with them (among the
 * main model's samples their end states are reached by shorter paths already): a revoke from a list
 * of two keys, and create and revoke failures with nothing to show.
 */
const twoKeysModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: (snapshot) => {
    const { keys } = snapshot.context as ApiKeysContext;
    return [
      { type: 'xstate.done.actor.listKeys', output: [summary('0000000000000001'), summary('0000000000000009')] },
      { type: 'create.submitted', key: validBody },
      { type: 'xstate.error.actor.createKey', error: silentFailure },
      ...(keys[0] ? [{ type: 'revoke.requested', keyId: keys[0].key_id }] : []),
      { type: 'xstate.done.actor.revokeKey', output: true },
      { type: 'xstate.error.actor.revokeKey', error: silentFailure },
    ];
  },
};

const paths: ModelPath[] = [...generatePaths(model), ...generatePaths(twoKeysModel)];

describe('apiKeys: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        const context = snapshot.context as ApiKeysContext;
        // The name goes out trimmed, with the access and branches chosen.
        if (snapshot.matches('creating')) expect(replay.started.createKey?.at(-1)).toEqual({ name: 'Shop', access: 'write', vendor_ids: ['v-1'] });
        if (snapshot.matches('revoking')) expect(replay.started.revokeKey?.at(-1)).toEqual({ keyId: context.revoking });
        if (snapshot.matches('ready')) expect(context.revoking).toBeNull();
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('apiKeys', paths));
});
