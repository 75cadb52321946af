import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EmailPreview, EmailPreviewQuery } from '../../adapters/ports';
import { emailPreviewMachine } from '../../machines';

const apiError = (translationKey: string) => Object.assign(new Error(translationKey), { translationKey });
const previewOf = (vendorId: string, query: EmailPreviewQuery): EmailPreview => ({
  from: 'Sender <no-reply@example.com>', subject: `${vendorId}:${query.event}`, text: 'body', language: query.language ?? 'en',
});

/** The machine with a server that answers from what it was asked (or refuses once when told). */
function started(options: { refuseFirst?: boolean } = {}) {
  const asked: { vendorId: string; query: EmailPreviewQuery }[] = [];
  const actor = createActor(emailPreviewMachine.provide({
    actors: {
      loadPreview: fromPromise(async ({ input }: { input: { vendorId: string; query: EmailPreviewQuery } }) => {
        asked.push(input);
        if (options.refuseFirst && asked.length === 1) throw apiError('error.forbidden');
        return previewOf(input.vendorId, input.query);
      }),
    },
  }), { input: { vendorId: 'v-1', event: 'placed', language: null } }).start();
  return { actor, asked };
}

describe('emailPreview', () => {
  it("reads the outlet's e-mail for the event in the country's default language, then for each new choice", async () => {
    const { actor, asked } = started();
    expect((await waitFor(actor, (s) => s.matches('shown'))).context.preview?.subject).toBe('v-1:placed');
    actor.send({ type: 'choice.changed', language: 'ar-SA' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.language === 'ar-SA')).context.preview?.subject).toBe('v-1:placed');
    actor.send({ type: 'choice.changed', event: 'delivered' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.subject === 'v-1:delivered')).context.preview?.language).toBe('ar-SA');
    // The same choice again asks nothing.
    actor.send({ type: 'choice.changed', event: 'delivered', language: 'ar-SA' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(asked).toEqual([
      { vendorId: 'v-1', query: { event: 'placed' } },
      { vendorId: 'v-1', query: { event: 'placed', language: 'ar-SA' } },
      { vendorId: 'v-1', query: { event: 'delivered', language: 'ar-SA' } },
    ]);
  });

  it("another outlet is asked about in its own country's default language", async () => {
    const { actor, asked } = started();
    actor.send({ type: 'choice.changed', language: 'ar-SA' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.language === 'ar-SA');
    actor.send({ type: 'outlet.selected', vendorId: 'v-2' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.vendorId === 'v-2')).context.preview?.subject).toBe('v-2:placed');
    expect(asked.at(-1)).toEqual({ vendorId: 'v-2', query: { event: 'placed' } });
  });

  it('keeps only the answer to the latest choice when the choice changes while loading', async () => {
    const { actor } = started();
    actor.send({ type: 'choice.changed', event: 'near' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.preview?.subject).toBe('v-1:near');
  });

  it('says why a read failed, and reads again on retry', async () => {
    const { actor, asked } = started({ refuseFirst: true });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.loadError).toBe('error.forbidden');
    actor.send({ type: 'retry.requested' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.loadError).toBeNull();
    expect(asked).toHaveLength(2);
  });
});
