import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { EffectCall, Replay } from './walkPaths';

// Effect oracles: each model states, from SPEC.md, when its effects (storage, toasts, navigation,
// analytics) must happen and when they must not, and the replay checks every rule on every step of
// every generated path. A rule names the spec line it comes from, so a failure reads as the broken
// promise, not as the machine's internals.

/** One replayed step: the event sent, the snapshots around it and the effects it performed. */
export interface StepView {
  event: EventObject;
  /** Null for the start of the machine (the `xstate.init` step). */
  before: AnyMachineSnapshot | null;
  after: AnyMachineSnapshot;
  /** The effect actions performed while handling this event, in order. */
  effects: EffectCall[];
  replay: Replay;
}

/** A rule over the steps of a path; `View` is a composed model's own step view (onlinePayment.test.ts). */
export interface EffectOracle<View extends { event: EventObject } = StepView> {
  /** The rule in the spec's words, e.g. "SPEC §4.2: a placed order opens its tracking page once". */
  rule: string;
  /** Checked after every step. */
  step?: (view: View) => void;
  /** Checked once the whole path has been replayed, with every step. */
  path?: (steps: View[]) => void;
}

export function checkOracles<View extends { event: EventObject }>(oracles: EffectOracle<View>[] | undefined, steps: View[], phase: 'step' | 'path'): void {
  for (const oracle of oracles ?? []) {
    try {
      if (phase === 'step') for (const view of steps) oracle.step?.(view);
      else oracle.path?.(steps);
    } catch (error) {
      const step = phase === 'step' ? ` (after ${steps[0]?.event.type})` : '';
      if (error instanceof Error) error.message = `oracle "${oracle.rule}"${step}: ${error.message}`;
      throw error;
    }
  }
}

export const named = (effects: EffectCall[], name: string): EffectCall[] => effects.filter((effect) => effect.name === name);

/**
 * On every step, `effect` happens exactly when `when` holds (once, with `params` when given), and
 * never otherwise: the must and the must-not of one effect in one rule.
 */
export function effectExactlyWhen(
  rule: string,
  effect: string,
  when: (view: StepView) => boolean,
  params?: (view: StepView) => unknown,
): EffectOracle {
  return {
    rule,
    step: (view) => {
      const calls = named(view.effects, effect);
      if (when(view)) {
        expect(calls, `${effect} must happen once`).toHaveLength(1);
        if (params) expect(calls[0]?.params).toEqual(params(view));
      } else {
        expect(calls, `${effect} must not happen`).toEqual([]);
      }
    },
  };
}

/** On every step where `when` holds, `effect` happens (with `params` when given); other steps may too. */
export function effectWhenever(rule: string, effect: string, when: (view: StepView) => boolean, params?: (view: StepView) => unknown): EffectOracle {
  return {
    rule,
    step: (view) => {
      if (!when(view)) return;
      const calls = named(view.effects, effect);
      expect(calls.length, `${effect} must happen`).toBeGreaterThan(0);
      if (params) expect(calls.map((call) => call.params)).toContainEqual(params(view));
    },
  };
}

/** No effect matching `matches` ever happens on a step where `when` holds (default: every step). */
export function effectNever(rule: string, matches: (effect: EffectCall) => boolean, when: (view: StepView) => boolean = () => true): EffectOracle {
  return {
    rule,
    step: (view) => {
      if (!when(view)) return;
      expect(view.effects.filter(matches), 'must not happen').toEqual([]);
    },
  };
}

/** Over a whole path, `effect` happens at most `times` times. */
export function effectAtMost(rule: string, effect: string, times: number): EffectOracle {
  return {
    rule,
    path: (steps) => expect(named(steps.flatMap((view) => view.effects), effect).length).toBeLessThanOrEqual(times),
  };
}

/** The kind of a toast effect's params (`{ kind: 'error' | 'success' | 'info', message }`). */
export const isToastOf = (kind: string) => (effect: EffectCall) =>
  effect.name === 'toast' && (effect.params as { kind?: string } | undefined)?.kind === kind;

/** The event sent in a step is an actor's answer: `done` or `error` of the actor `id`. */
export const isDone = (id: string) => (view: StepView) => view.event.type === `xstate.done.actor.${id}`;
export const isError = (id: string) => (view: StepView) => view.event.type === `xstate.error.actor.${id}`;
