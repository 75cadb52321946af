import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret } from '../../adapters/ports';
import { WEBHOOK_FORM_ERRORS, WEBHOOKS_TOAST_TOPIC, webhooksMachine, type WebhooksContext } from '../../machines';
import { withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, isDone, isError, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const endpoint = (id: string): WebhookEndpoint => ({
  endpoint_id: id, vendor_id: 'v-1', url: `https://shop.example/${id}`, events: ['order.created'], created_by: 'a@example.com', created_at: 1, previous_secret_expires_at: null, failing_since: null,
});
const delivery = (id: string): WebhookDelivery => ({ delivery_id: id, event_id: `evt_${id}`, event_type: 'order.created', order_id: 'o-1', state: 'failed', created_at: 1, next_attempt_at: null, attempts: [] });
const apiError = (translationKey: string, text = translationKey) => Object.assign(new Error(text), { translationKey });
const body = (overrides: Partial<WebhookEndpointBody> = {}): WebhookEndpointBody => ({ vendor_id: 'v-1', url: ' https://shop.example/hooks ', events: ['order.created'], ...overrides });

/** The machine over an in-memory server that records what reached it. */
function start(options: { createFails?: boolean } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const toasts: unknown[] = [];
  const record = <I, O>(name: string, answer: (input: I) => O) => fromPromise<O, I>(async ({ input }) => {
    calls.push({ name, input });
    return answer(input);
  });
  const machine = webhooksMachine.provide({
    actions: { toast: (_, params) => void toasts.push(params) },
    actors: {
      listWebhooks: record<void, WebhookEndpoint[]>('list', () => [endpoint('we_1')]),
      createWebhook: record<WebhookEndpointBody, WebhookEndpointWithSecret>('create', (input) => {
        if (options.createFails) throw apiError('webhook.url.private-address');
        return { secret: 'whsec_once', endpoint: { ...endpoint('we_2'), url: input.url } };
      }),
      deleteWebhook: record<{ endpointId: string }, true>('delete', () => true),
      rotateWebhookSecret: record<{ endpointId: string }, WebhookEndpointWithSecret>('rotate', (input) => ({ secret: 'whsec_new', endpoint: { ...endpoint(input.endpointId), previous_secret_expires_at: 99 } })),
      listDeliveries: record<{ endpointId: string; filter: WebhookDeliveryQuery }, WebhookDelivery[]>('log', () => [delivery('wd_1')]),
      resendDelivery: record<{ endpointId: string; deliveryId: string }, true>('resend', () => true),
      sendTestEvent: record<{ endpointId: string }, unknown>('test', () => ({ delivery_id: 'wd_2' })),
    },
  });
  return { actor: createActor(machine).start(), calls, toasts };
}

describe('webhooks: spec', () => {
  it('adds an endpoint (trimmed URL), reveals its secret once and forgets it on dismiss', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', endpoint: body() });
    const shown = await waitFor(actor, (s) => s.matches('ready') && s.context.revealed !== null);
    expect(calls.find((c) => c.name === 'create')?.input).toEqual({ vendor_id: 'v-1', url: 'https://shop.example/hooks', events: ['order.created'] });
    expect(shown.context.endpoints.map((e) => e.endpoint_id)).toEqual(['we_2', 'we_1']);
    actor.send({ type: 'secret.dismissed' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('whsec_once');
  });

  it('refuses a blank URL or no events without calling the server', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', endpoint: body({ url: '  ' }) });
    expect(actor.getSnapshot().context.actionError).toBe(WEBHOOK_FORM_ERRORS.urlRequired);
    actor.send({ type: 'create.submitted', endpoint: body({ events: [] }) });
    expect(actor.getSnapshot().context.actionError).toBe(WEBHOOK_FORM_ERRORS.eventsRequired);
    expect(calls.map((c) => c.name)).toEqual(['list']);
  });

  it('opens a log with its filter, resends a delivery and sends a test event, each followed by a fresh log', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.opened', endpointId: 'we_1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.deliveries.length === 1);
    actor.send({ type: 'log.filtered', filter: { result: 'failed' } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'resend.requested', deliveryId: 'wd_1' });
    await waitFor(actor, (s) => s.matches('ready') && calls.filter((c) => c.name === 'log').length === 3);
    actor.send({ type: 'test.requested' });
    await waitFor(actor, (s) => s.matches('ready') && calls.filter((c) => c.name === 'log').length === 4);
    expect(calls.filter((c) => c.name !== 'list')).toEqual([
      { name: 'log', input: { endpointId: 'we_1', filter: {} } },
      { name: 'log', input: { endpointId: 'we_1', filter: { result: 'failed' } } },
      { name: 'resend', input: { endpointId: 'we_1', deliveryId: 'wd_1' } },
      { name: 'log', input: { endpointId: 'we_1', filter: { result: 'failed' } } },
      { name: 'test', input: { endpointId: 'we_1' } },
      { name: 'log', input: { endpointId: 'we_1', filter: { result: 'failed' } } },
    ]);
  });

  it('toasts a refused endpoint with the server\'s translation key', async () => {
    const { actor, toasts } = start({ createFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', endpoint: body() });
    await waitFor(actor, (s) => s.matches('ready') && toasts.length > 0);
    expect(toasts).toEqual([{ kind: 'error', message: 'webhook.url.private-address', topic: WEBHOOKS_TOAST_TOPIC }]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through load, add (valid, blank URL, no events), dismiss, rotate, delete,
// open a log, filter, resend, test, retry, with the calls answering or failing.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as WebhooksContext | undefined;
const SECRET = 'whsec_shown_once';
/** The key a failure is shown with: the API's translation key, else the offline text's key. */
const shownKeyOf = (error: unknown) => (error as { translationKey?: string }).translationKey ?? 'error.offline';
/** A failure with nothing to show (the connection dropped before any answer): the offline text's key. */
const silentFailure = new TypeError('');
const CALLS = ['createWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'listDeliveries', 'resendDelivery', 'sendTestEvent'] as const;

function nextCreated(endpoints: readonly WebhookEndpoint[]): WebhookEndpointWithSecret {
  const next = Math.max(1, ...endpoints.map((e) => Number(e.endpoint_id.slice(3)))) + 1;
  return { secret: `${SECRET}_${next}`, endpoint: endpoint(`we_${next}`) };
}

const oracles: EffectOracle[] = [
  {
    rule: 'issue 25: a secret is revealed only by a create or rotate answer, and forgotten on dismiss',
    step: ({ event, before, after }) => {
      const revealed = contextOf(after)?.revealed ?? null;
      if (event.type === 'xstate.done.actor.createWebhook' || event.type === 'xstate.done.actor.rotateWebhookSecret') {
        expect(revealed).toEqual((event as unknown as { output: WebhookEndpointWithSecret }).output);
      } else if (!contextOf(before)?.revealed) {
        expect(revealed).toBeNull();
      }
      if (event.type === 'secret.dismissed') expect(JSON.stringify(after.context)).not.toContain(SECRET);
      for (const known of contextOf(after)?.endpoints ?? []) expect(JSON.stringify(known)).not.toContain(SECRET);
    },
  },
  {
    rule: 'issue 25: a deleted endpoint leaves the list (and its open log closes) when the server confirms, and only then',
    step: ({ event, before, after }) => {
      const was = contextOf(before);
      const now = contextOf(after);
      if (event.type === 'xstate.done.actor.deleteWebhook') {
        expect(now?.endpoints).toEqual(was?.endpoints.filter((e) => e.endpoint_id !== was.target));
        // Its open log closes: no endpoint chosen, and none of the deleted endpoint's deliveries left.
        if (was?.selected === was?.target) expect([now?.selected, now?.deliveries]).toEqual([null, []]);
      } else if (event.type !== 'xstate.done.actor.createWebhook' && event.type !== 'xstate.done.actor.listWebhooks' && event.type !== 'xstate.done.actor.rotateWebhookSecret') {
        expect(now?.endpoints).toEqual(was?.endpoints ?? []);
      }
    },
  },
  effectExactlyWhen(
    'issue 25: a refused webhook call shows an error toast with its translated message; nothing else toasts',
    'toast',
    (view) => CALLS.some((call) => isError(call)(view)),
    (view: StepView) => {
      const key = shownKeyOf((view.event as unknown as { error: unknown }).error);
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
      return { kind: 'error', message: key, topic: WEBHOOKS_TOAST_TOPIC };
    },
  ),
  effectExactlyWhen(
    'issue 25: the failing-endpoint banner is told when an endpoint is deleted or its log read (after each resend and test event), and only then',
    'endpointsChanged',
    (view) => isDone('deleteWebhook')(view) || isDone('listDeliveries')(view),
  ),
  {
    rule: 'issue 25: the endpoints (and so their failing notice) are read again after every log read, and a failed read keeps them',
    path: (steps) => {
      const logReads = steps.filter(({ event }) => event.type === 'xstate.done.actor.listDeliveries').length;
      const loads = steps.filter(({ after, before }) => after.matches('loading') && !before?.matches('loading')).length;
      expect(steps.at(-1)?.replay.started.listWebhooks?.length ?? 0).toBe(loads + logReads);
      for (const { event, before, after } of steps) {
        if (event.type === 'xstate.error.actor.listWebhooks' && before?.matches('refreshingEndpoints')) expect(contextOf(after)?.endpoints).toEqual(contextOf(before)?.endpoints);
      }
    },
  },
  {
    rule: 'issue 25: a rotated secret\'s endpoint is listed as the server answered it (with the old secret\'s end), the others unchanged',
    step: ({ event, before, after }) => {
      if (event.type !== 'xstate.done.actor.rotateWebhookSecret') return;
      const rotated = (event as unknown as { output: WebhookEndpointWithSecret }).output.endpoint;
      expect(contextOf(after)?.endpoints).toEqual(contextOf(before)?.endpoints.map((known) => (known.endpoint_id === rotated.endpoint_id ? rotated : known)));
    },
  },
  {
    rule: 'issue 25: what the form is missing is said with a translated message',
    step: ({ after }) => {
      const missing = contextOf(after)?.actionError;
      if (missing) expect(catalogue[missing], `${missing} is in the catalogue`).toBeDefined();
    },
  },
];

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { endpoints, deliveries, selected } = snapshot.context as WebhooksContext;
  return [
    ...(endpoints.length < 2 ? [{ type: 'create.submitted', endpoint: body() }] : []),
    { type: 'create.submitted', endpoint: body({ url: ' ' }) },
    { type: 'create.submitted', endpoint: body({ events: [] }) },
    ...(endpoints[0] ? [{ type: 'delete.requested', endpointId: endpoints[0].endpoint_id }, { type: 'rotate.requested', endpointId: endpoints[0].endpoint_id }] : []),
    ...(endpoints[0] && selected === null ? [{ type: 'log.opened', endpointId: endpoints[0].endpoint_id }] : []),
    { type: 'secret.dismissed' },
    { type: 'log.filtered', filter: { result: 'failed' } },
    { type: 'log.refreshed' },
    ...(deliveries[0] ? [{ type: 'resend.requested', deliveryId: deliveries[0].delivery_id }] : []),
    { type: 'test.requested' },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.listWebhooks', output: [endpoint('we_1')] },
    { type: 'xstate.error.actor.listWebhooks', error: apiError('error.server') },
    { type: 'xstate.done.actor.createWebhook', output: nextCreated(endpoints) },
    { type: 'xstate.error.actor.createWebhook', error: apiError('webhook.url.private-address') },
    // The server answers the endpoint with the end of its old secret's grace period.
    { type: 'xstate.done.actor.rotateWebhookSecret', output: { secret: `${SECRET}_r`, endpoint: { ...(endpoints[0] ?? endpoint('we_1')), previous_secret_expires_at: 99 } } },
    { type: 'xstate.error.actor.rotateWebhookSecret', error: apiError('error.forbidden') },
    { type: 'xstate.done.actor.deleteWebhook', output: true },
    { type: 'xstate.error.actor.deleteWebhook', error: apiError('error.forbidden') },
    { type: 'xstate.done.actor.listDeliveries', output: [delivery('wd_1')] },
    { type: 'xstate.error.actor.listDeliveries', error: apiError('error.offline', 'offline') },
    { type: 'xstate.done.actor.resendDelivery', output: true },
    { type: 'xstate.error.actor.resendDelivery', error: apiError('error.forbidden') },
    { type: 'xstate.done.actor.sendTestEvent', output: { delivery_id: 'wd_2' } },
    { type: 'xstate.error.actor.sendTestEvent', error: apiError('error.forbidden') },
  ];
};

const model: PathModel = {
  machine: webhooksMachine,
  strategy: 'shortest',
  effects: ['toast', 'endpointsChanged'],
  oracles,
  events,
  serializeState: (snapshot) => {
    const c = snapshot.context as WebhooksContext;
    return JSON.stringify([snapshot.value, c.endpoints.map((e) => e.endpoint_id), c.revealed?.endpoint.endpoint_id ?? null, c.actionError, c.selected, c.deliveries.length, c.filter, c.target]);
  },
};

/**
 * A call that fails with nothing to show ends where a refused one does (the toast is no part of the
 * state), so among the main model's samples a shorter path reaches that state first and the step is
 * never walked: a small model of its own walks it, and the toast oracle sees the offline text.
 */
const silentFailureModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.listWebhooks', output: [endpoint('we_1')] },
    { type: 'create.submitted', endpoint: body() },
    { type: 'xstate.error.actor.createWebhook', error: silentFailure },
  ],
};

/**
 * Two endpoints listed, the first one's log open with a delivery: its secret rotated, then it is
 * deleted. Among the main model's samples a rotation or a deletion ends in a state a shorter path
 * reaches (the state key does not hold the old secret's end nor the deliveries' content), so a
 * rotation beside another endpoint and the deletion of the endpoint whose log is open were never
 * walked: the oracles then see the other endpoint unchanged and the deleted one's log closed.
 */
const twoEndpointsModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.listWebhooks', output: [endpoint('we_1'), endpoint('we_2')] },
    { type: 'log.opened', endpointId: 'we_1' },
    { type: 'xstate.done.actor.listDeliveries', output: [delivery('wd_1')] },
    { type: 'rotate.requested', endpointId: 'we_1' },
    { type: 'xstate.done.actor.rotateWebhookSecret', output: { secret: `${SECRET}_r`, endpoint: { ...endpoint('we_1'), previous_secret_expires_at: 99 } } },
    { type: 'delete.requested', endpointId: 'we_1' },
    { type: 'xstate.done.actor.deleteWebhook', output: true },
  ],
};

const generated: ModelPath[] = [...generatePaths(model), ...generatePaths(silentFailureModel), ...generatePaths(twoEndpointsModel)];
/**
 * The log's actions sent with no log open (the traversal never sends what a state ignores): a
 * filter, a refresh, a resend and a test event, one after the other, each reading and sending nothing.
 */
const noLogOpen = (type: string, extra: Record<string, unknown> = {}) => (end: AnyMachineSnapshot) =>
  end.matches('ready') && (end.context as WebhooksContext).selected === null ? { type, ...extra } : null;
const withLogActionsUnopened = [
  noLogOpen('log.filtered', { filter: { result: 'failed' } }),
  noLogOpen('log.refreshed'),
  noLogOpen('resend.requested', { deliveryId: 'wd_1' }),
  noLogOpen('test.requested'),
].reduce<ModelPath[]>((walked, eventOf) => withIgnoredStep(walked, eventOf), generated);
const paths: ModelPath[] = [...generated, ...withLogActionsUnopened];

describe('webhooks: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        const context = snapshot.context as WebhooksContext;
        if (snapshot.matches('creating')) expect(replay.started.createWebhook?.at(-1)).toEqual({ vendor_id: 'v-1', url: 'https://shop.example/hooks', events: ['order.created'] });
        if (snapshot.matches('deleting')) expect(replay.started.deleteWebhook?.at(-1)).toEqual({ endpointId: context.target });
        if (snapshot.matches('rotating')) expect(replay.started.rotateWebhookSecret?.at(-1)).toEqual({ endpointId: context.target });
        if (snapshot.matches('resending')) expect(replay.started.resendDelivery?.at(-1)).toEqual({ endpointId: context.selected, deliveryId: context.target });
        if (snapshot.matches('loadingLog')) expect(replay.started.listDeliveries?.at(-1)).toEqual({ endpointId: context.selected, filter: context.filter });
        if (snapshot.matches('ready')) expect(context.target).toBeNull();
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('webhooks', paths));
});
