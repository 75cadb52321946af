import { describe, expect, it } from 'vitest';
import type { Vendor } from '../../domain/types';
import { VENDOR_ERROR_MS, vendorsMachine } from '../../machines/vendors';
import { effectNever, effectWhenever, isDone, isToastOf, type EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// Effect oracles from SPEC.md §2 (branch selector) and §8 (vendor errors), checked on every step.
const oracles: EffectOracle[] = [
  effectNever('SPEC §8: vendor error toasts stay 10 s', (effect) => isToastOf('error')(effect) && (effect.params as { durationMs?: number }).durationMs !== VENDOR_ERROR_MS),
  effectNever('a permission answer shows no error toast', isToastOf('error'), isDone('loadOutletPermission')),
  effectWhenever(
    'SPEC §2: the chosen branch is remembered as soon as the selector is ready',
    'rememberSelection',
    (view) => view.after.matches('ready') && view.before?.matches('ready') === false,
    (view) => ({ vendorId: view.after.context.selectedId, includeOutlets: view.after.context.includeOutlets }),
  ),
];

// Every path of the vendors machine (SPEC §2 branch selector and outlets toggle, §8 vendor errors),
// replayed on the shipped machine with fake actors.

const vendor = (id: string, isParent: boolean) => ({ vendor_id: id, is_parent: isParent, name: id }) as Vendor;
const withParent = [vendor('p-1', true), vendor('o-2', false)];
// Two outlets and no parent: picking the other outlet has no parent to ask.
const outletsOnly = [vendor('o-3', false), vendor('o-5', false)];
// Two parents (countries): choosing the second asks for its own outlet permission.
const twoParents = [vendor('p-1', true), vendor('p-4', true), vendor('o-2', false)];

// Shortest paths: selection and the toggle can be repeated forever, so simple paths explode.
const model: PathModel = {
  machine: vendorsMachine,
  input: { preferredVendorId: 'o-2', includeOutlets: false },
  strategy: 'shortest',
  effects: ['toast', 'rememberSelection'],
  oracles,
  maxPaths: 300,
  events: [
    { type: 'xstate.done.actor.loadVendors', output: withParent },
    { type: 'xstate.done.actor.loadVendors', output: outletsOnly },
    { type: 'xstate.done.actor.loadVendors', output: twoParents },
    { type: 'xstate.done.actor.loadVendors', output: [] },
    { type: 'xstate.error.actor.loadVendors', error: new Error('offline') },
    { type: 'xstate.done.actor.loadOutletPermission', output: true },
    { type: 'xstate.done.actor.loadOutletPermission', output: false },
    { type: 'xstate.error.actor.loadOutletPermission', error: new Error('offline') },
    { type: 'vendor.selected', vendorId: 'p-1' },
    { type: 'vendor.selected', vendorId: 'stranger' },
    { type: 'vendor.selected', vendorId: 'p-4' },
    { type: 'vendor.selected', vendorId: 'o-5' },
    { type: 'outlets.toggled', include: true },
    { type: 'outlets.toggled', include: false },
    { type: 'vendors.reload' },
  ],
};

const STRANGER = { type: 'vendor.selected', vendorId: 'stranger' };

/**
 * A vendor that is not in the list is never selected (SPEC §2: the selector offers the account's
 * vendors). The traversal never sends an event a state ignores, so the paths that end where the
 * selector listens are walked again with such a pick appended: the replay then checks nothing changed.
 */
function withStrangerPicked(generated: ModelPath[]): ModelPath[] {
  return generated
    .filter((path) => path.state.matches('ready') || path.state.matches('checkingOutlets'))
    .map((path) => ({ ...path, steps: [...path.steps, { state: path.state, event: STRANGER }], weight: path.weight + 1 }));
}

const generated = generatePaths(model);
const paths = [...generated, ...withStrangerPicked(generated)];

describe('vendors: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      let asked = 0;
      await replayPath(model, path, (snapshot, replay, step) => {
        const { context } = snapshot;
        // SPEC §2: only an account holding a parent vendor asks the country parameter.
        const askedNow = replay.started.loadOutletPermission?.length ?? 0;
        if (!context.vendors.some((v: Vendor) => v.is_parent)) expect(askedNow, `asked the outlet permission after ${step.event.type}`).toBe(asked);
        asked = askedNow;
        // The selection is always one of the loaded vendors once the list is known.
        if (snapshot.matches('ready')) {
          expect(context.vendors.map((v: Vendor) => v.vendor_id)).toContain(context.selectedId);
          const last = replay.effects.filter((effect) => effect.name === 'rememberSelection').at(-1);
          expect(last?.params).toEqual({ vendorId: context.selectedId, includeOutlets: context.includeOutlets });
        }
        if (snapshot.matches('empty') && step.event.type === 'xstate.done.actor.loadVendors') {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: 'error.no-vendors', durationMs: VENDOR_ERROR_MS } });
        }
        if (snapshot.matches('failed')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: 'error.cant-retrieve-vendors', durationMs: VENDOR_ERROR_MS } });
        }
        // Only a parent vendor's account asks the country parameter, and for the selection's parent.
        if (snapshot.matches('checkingOutlets')) {
          expect(replay.started.loadOutletPermission?.at(-1)).toEqual({ vendorId: context.selectedId === 'p-4' ? 'p-4' : 'p-1' });
        }
        if (!context.vendors.some((v: Vendor) => v.is_parent)) expect(context.outletOrdersAllowed).toBe(false);
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('vendors', paths));
});
