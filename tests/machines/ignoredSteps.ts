import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { EffectOracle, StepView } from './oracles';
import type { ModelEvent, ModelPath } from './walkPaths';

// The traversal follows only the events that change the state, so an event a state ignores (the
// vendor on screen chosen again, "show more" with nothing more, a log action with no log open) is
// never sent, and a guard that lets it through by mistake is never tried. These helpers walk such
// events on purpose: each generated path whose end state `eventOf` answers for is walked once more
// with that event appended, and the replay checks the state stays as the model predicted (the same
// state) while the oracles check that nothing reached the server or the screen.

/** The paths of `generated` that end where `eventOf` names an ignored event, with that event appended. */
export function withIgnoredStep(generated: readonly ModelPath[], eventOf: (end: AnyMachineSnapshot) => ModelEvent | null): ModelPath[] {
  return generated.flatMap((path) => {
    const event = eventOf(path.state);
    return event ? [{ ...path, steps: [...path.steps, { state: path.state, event }], weight: path.weight + 1 }] : [];
  });
}

/** The vendor already on screen chosen again (a picker re-sends its value): the list must not load again. */
export const sameVendorAgain = (end: AnyMachineSnapshot): ModelEvent => ({ type: 'vendor.selected', vendorId: (end.context as { vendorId: string }).vendorId });

/**
 * The list of a per-vendor screen (vendorList.ts) is read once per load: on opening, on a retry,
 * for another vendor (within `loading` too), and on `alsoLoadsOn` events (auditTrail's new filter);
 * the vendor on screen chosen again reads nothing, in whatever state it comes.
 */
export function listReadOncePerLoad(actor: string, alsoLoadsOn: readonly string[] = []): EffectOracle {
  const vendorOf = (snapshot: AnyMachineSnapshot | null) => (snapshot?.context as { vendorId?: string } | undefined)?.vendorId;
  const startsLoad = ({ event, before, after }: StepView) =>
    after.matches('loading') && (before === null || !before.matches('loading') || alsoLoadsOn.includes(event.type) || vendorOf(before) !== vendorOf(after));
  return {
    rule: 'issue 27: the list is read once per load (opening, retry, another vendor): the vendor on screen chosen again reads nothing',
    path: (steps) => expect(steps.at(-1)?.replay.started[actor] ?? [], `${actor} calls`).toHaveLength(steps.filter(startsLoad).length),
  };
}
