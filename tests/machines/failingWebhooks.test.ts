// The failing-webhooks banner's machine (machines/failingWebhooks.ts): keeps the endpoints the server
// marked failing, shows nothing when the list cannot load, and loads again when asked.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { WebhookEndpoint } from '../../adapters/ports';
import { failingWebhooksMachine } from '../../machines/failingWebhooks';

const endpoint = (id: string, failingSince: number | null): WebhookEndpoint => ({
  endpoint_id: id, vendor_id: 'v-1', url: `https://shop.example/${id}`, events: ['order.created'], created_by: 'a@example.com', created_at: 1,
  previous_secret_expires_at: null, failing_since: failingSince,
});

function start(answers: (() => WebhookEndpoint[])[]) {
  let calls = 0;
  const machine = failingWebhooksMachine.provide({
    actors: {
      listWebhooks: fromPromise<WebhookEndpoint[], void>(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls += 1;
        if (!answer) throw new Error('no answer');
        return answer();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls: () => calls };
}

describe('failingWebhooksMachine', () => {
  it('keeps only the failing endpoints', async () => {
    const { actor, calls } = start([() => [endpoint('a', null), endpoint('b', 100), endpoint('c', 200)]]);
    const idle = await waitFor(actor, (s) => s.matches('idle'));
    expect(idle.context.failing.map((e) => e.endpoint_id)).toEqual(['b', 'c']);
    expect(calls()).toBe(1);
  });

  it('shows nothing when the list cannot load, and loads again on refresh', async () => {
    const { actor, calls } = start([() => { throw new Error('offline'); }, () => [endpoint('b', 100)], () => [endpoint('b', null)]]);
    expect((await waitFor(actor, (s) => s.matches('idle'))).context.failing).toEqual([]);
    actor.send({ type: 'refresh.requested' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect((await waitFor(actor, (s) => s.matches('idle'))).context.failing.map((e) => e.endpoint_id)).toEqual(['b']);
    // A recovered endpoint drops out of the banner on the next load.
    actor.send({ type: 'refresh.requested' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect((await waitFor(actor, (s) => s.matches('idle'))).context.failing).toEqual([]);
    expect(calls()).toBe(3);
  });
});
