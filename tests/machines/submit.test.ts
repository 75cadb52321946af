import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiErrorFromResponse, ApiError } from '../../adapters/http/apiError';
import { createSubmitMachine, errorMessageOf } from '../../machines/submit';
import type { EffectOracle, StepView } from './oracles';
import { checkTransitionCoverage, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// createSubmitMachine is the one-shot form submission of registration, password reset, guest start,
// the verification e-mail and the help centre: one request per submit, never two while one is
// pending, and a failure shown in the user's language (API.md error shape: errors[0].meta's
// translation key, SPEC.md §7 the offline message) with the form kept for another try.

const FALLBACK = 'error.offline';
const machine = createSubmitMachine<{ email: string }>(() => Promise.reject(new Error('replaced by the replay')), FALLBACK);
/** The machine's one invoked actor: its id is XState's generated one, as the screens never name it. */
const WORK = '0.submit.submitting';

const typed = { email: 'sara@example.com' };
const retyped = { email: 'sara.ali@example.com' };
const emailTaken = apiErrorFromResponse(409, { message: 'error.conflict', errors: [{ field: 'email', meta: { translation_key: 'register.error.email-already-registered' } }] });
/** What the machine must show for each failure: its translation key, else the form's fallback. */
const SHOWN = new Map<unknown, string>([
  [emailTaken, 'register.error.email-already-registered'],
  [ApiError.offline(new TypeError('Failed to fetch')), 'error.offline'],
  // Something that is no error object at all (a bug in the work) still shows a translated text.
  ['rejected without a reason', FALLBACK],
]);

const isSubmitAccepted = (view: StepView) => view.event.type === 'submit' && view.before?.matches('idle') === true;
const workStarts = (view: StepView) => view.replay.started[WORK] ?? [];

const oracles: EffectOracle[] = [
  {
    rule: 'one request per submit, with what the user typed, and none while one is pending',
    path: (steps) => {
      const submitted = steps.filter(isSubmitAccepted).map((view) => (view.event as { input?: unknown }).input);
      const last = steps.at(-1);
      expect(last ? workStarts(last) : []).toEqual(submitted);
    },
  },
  {
    rule: 'a failure shows its translation key (API.md errors[0].meta), else the form’s translated fallback',
    step: (view) => {
      if (view.event.type !== `xstate.error.actor.${WORK}`) return;
      const { error } = view.event as { error?: unknown };
      expect(SHOWN.has(error), 'every error sample has its expected text').toBe(true);
      expect(view.after.context.error).toBe(SHOWN.get(error));
    },
  },
  {
    rule: 'no error from an earlier try shows while the next one is pending or once it succeeded',
    step: (view) => {
      if (view.after.matches('submitting') || view.after.matches('succeeded')) expect(view.after.context.error).toBeNull();
    },
  },
  {
    rule: 'the answer of a successful submit is what the screen reads next',
    step: (view) => {
      if (view.event.type === `xstate.done.actor.${WORK}`) expect(view.after.context.result).toEqual((view.event as { output?: unknown }).output);
    },
  },
];

const model: PathModel = {
  machine,
  strategy: 'simple',
  oracles,
  events: [
    { type: 'submit', input: typed },
    { type: 'submit', input: retyped },
    { type: 'xstate.done.actor.0.submit.submitting', output: { accepted: true } },
    ...[...SHOWN.keys()].map((error) => ({ type: 'xstate.error.actor.0.submit.submitting', error })),
    { type: 'reset' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error]),
};

/**
 * A second click while the first submit is pending leaves the machine where it is, so the traversal
 * (which only follows changes of state) never sends it: every path that ends pending gets a copy
 * with that click, and the oracle above counts the requests.
 */
function withDoubleSubmit(paths: ModelPath[]): ModelPath[] {
  return paths
    .filter((path) => path.state.matches('submitting'))
    .map((path) => ({ ...path, steps: [...path.steps, { state: path.state, event: { type: 'submit', input: retyped } }], weight: path.weight + 1 }));
}

const generated = generatePaths(model);
const paths = [...generated, ...withDoubleSubmit(generated)];

describe('submit: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path);
    });
  }

  it('covers every transition', () => checkTransitionCoverage('submit', paths));
});

describe('submit: spec', () => {
  it('the fallback texts of the forms are catalogue keys, so a failure without a key is translated too', () => {
    const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
    expect(catalogue[FALLBACK]).toBeDefined();
    expect(catalogue['register.error.email-already-registered'], 'the sample key is a real one').toBeDefined();
  });

  it('a double click sends one request, and the answer of that one is kept', async () => {
    const requests: unknown[] = [];
    let answer: (value: unknown) => void = () => {};
    const actor = createActor(
      machine.provide({
        actors: { work: fromPromise(({ input }) => (requests.push(input), new Promise((resolve) => (answer = resolve)))) },
      }),
    ).start();
    actor.send({ type: 'submit', input: typed });
    actor.send({ type: 'submit', input: retyped });
    answer({ accepted: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests).toEqual([typed]);
    expect(actor.getSnapshot().context).toEqual({ error: null, result: { accepted: true } });
  });

  it('reads the message of an error without a key, as the screens pass server words on', () => {
    expect(errorMessageOf(new Error('geolocator.error.reverse'), FALLBACK)).toBe('geolocator.error.reverse');
    expect(errorMessageOf(new Error(''), FALLBACK)).toBe(FALLBACK);
    expect(errorMessageOf(null, FALLBACK)).toBe(FALLBACK);
  });

  it('never shows an empty key or a message that is not text: the next text, else the fallback', () => {
    expect(errorMessageOf({ translationKey: '', message: 'error.conflict' }, FALLBACK)).toBe('error.conflict');
    expect(errorMessageOf({ translationKey: 42, message: 'error.conflict' }, FALLBACK)).toBe('error.conflict');
    expect(errorMessageOf({ message: 404 }, FALLBACK)).toBe(FALLBACK);
    expect(errorMessageOf(undefined, FALLBACK)).toBe(FALLBACK);
  });
});
