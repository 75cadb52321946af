import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiKeyBody, ApiKeySummary, CreatedApiKey } from '../../adapters/ports';
import { API_KEY_ERRORS, apiKeysMachine } from '../../machines/apiKeys';

const summary = (keyId: string): ApiKeySummary => ({
  key_id: keyId, prefix: `cpk_${keyId}`, name: `Key ${keyId}`, access: 'read', vendor_ids: ['v-1'], created_by: 'a@example.com', created_at: 1, last_used_at: null,
});

/** The machine over an in-memory server that records what reached it. */
function start(options: { listFails?: boolean; createFails?: boolean } = {}) {
  const created: ApiKeyBody[] = [];
  const revoked: string[] = [];
  let listCalls = 0;
  const machine = apiKeysMachine.provide({
    actors: {
      listKeys: fromPromise<ApiKeySummary[], void>(async () => {
        listCalls += 1;
        if (options.listFails && listCalls === 1) throw new Error('error.server');
        return [summary('0000000000000001')];
      }),
      createKey: fromPromise<CreatedApiKey, ApiKeyBody>(async ({ input }) => {
        if (options.createFails) throw new Error('error.forbidden');
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
  return { actor, created, revoked, listCalls: () => listCalls };
}

const body = (overrides: Partial<ApiKeyBody> = {}): ApiKeyBody => ({ name: ' Shop ', access: 'write', vendor_ids: ['v-1'], ...overrides });

describe('apiKeys machine', () => {
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

  it('shows a refused create and stays usable', async () => {
    const { actor } = start({ createFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', key: body() });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.actionError !== null);
    expect(after.context.actionError).toBe('error.forbidden');
    expect(after.context.revealed).toBeNull();
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
