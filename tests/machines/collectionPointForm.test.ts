import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CollectionPointForm, ReverseGeocodeResult } from '../../domain';
import { collectionPointFormMachine, SAVED_MESSAGE, SAVED_NEW_MESSAGE, type CollectionPointLocation } from '../../machines';
import { effectExactlyWhen, isDone, isError, type EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const location: CollectionPointLocation = {
  formatted_address: 'Olaya Street 1, Riyadh',
  latitude: 24.7,
  longitude: 46.6,
  city: 'Riyadh',
  countryCode: 'SA',
  zipcode: '12211',
  street: 'Olaya Street',
  streetNumber: '1',
};
const dragged: ReverseGeocodeResult = {
  address: { formatted_address: 'Tahlia Street 9, Riyadh', latitude: 24.71, longitude: 46.61, city: 'Riyadh', country_code: 'SA', zipcode: '12212', street: 'Tahlia Street', number: '9' },
};

const blank: CollectionPointForm = {
  parentVendorId: 'parent-1',
  clientVendorId: '',
  name: '',
  unitNo: '',
  building: '',
  phone: '',
  riderInstructions: '',
  owners: [],
  location: null,
  isEditMode: false,
  vendorId: '',
};
const existing: CollectionPointForm = {
  ...blank,
  clientVendorId: 'SA-002',
  name: 'Olaya branch',
  phone: '+966500000001',
  location,
  isEditMode: true,
  vendorId: 'vendor-2',
};

/** The dragged marker's address as the form keeps it. */
const draggedLocation: CollectionPointLocation = {
  formatted_address: 'Tahlia Street 9, Riyadh',
  latitude: 24.71,
  longitude: 46.61,
  city: 'Riyadh',
  countryCode: 'SA',
  zipcode: '12212',
  street: 'Tahlia Street',
  streetNumber: '9',
};

// What reaches the geolocator, the server and the screen (SPEC.md §2 collection points, §5, §8).
const oraclesFor = (form: CollectionPointForm): EffectOracle[] => [
  {
    rule: 'SPEC §2: dragging the marker reverse geocodes the dropped point',
    step: ({ event, after, replay }) => {
      if (event.type !== 'marker.dragged' || !after.matches('geocoding')) return;
      expect(replay.started.reverseGeocode?.at(-1)).toEqual({ latitude: 24.71, longitude: 46.61 });
    },
  },
  {
    rule: 'SPEC §2: the reverse geocoded address becomes the location and address text of the form',
    step: ({ event, after }) => {
      if (event.type !== 'xstate.done.actor.reverseGeocode') return;
      expect(after.context.form.location).toEqual(draggedLocation);
      expect(after.context.addressText).toBe(draggedLocation.formatted_address);
    },
  },
  {
    rule: 'SPEC §5: a valid form is saved as it stands',
    step: ({ event, after, replay }) => {
      if (event.type !== 'submitted' || !after.matches('saving')) return;
      expect(replay.started.saveCollectionPoint?.at(-1)).toEqual({ form: after.context.form });
    },
  },
  effectExactlyWhen(
    'SPEC §2: a saved collection point closes the dialog and refreshes the vendors, once',
    'collectionPointSaved',
    isDone('saveCollectionPoint'),
    () => ({ vendorId: 'vendor-3', isNew: !form.isEditMode }),
  ),
  {
    rule: 'SPEC §2: editing a collection point locks its parent vendor and its ID',
    step: ({ after }) => {
      if (!form.isEditMode) return;
      expect(after.context.form.parentVendorId).toBe(form.parentVendorId);
      expect(after.context.form.clientVendorId).toBe(form.clientVendorId);
    },
  },
  {
    rule: 'SPEC §2: changing an owner changes that owner only',
    step: ({ event, before, after }) => {
      if (event.type !== 'owner.changed' || !before) return;
      const { index, value } = event as { type: string; index: number; value: string };
      expect(after.context.form.owners).toEqual(before.context.form.owners.map((owner: string, i: number) => (i === index ? value : owner)));
    },
  },
  {
    rule: 'SPEC §2: removing an owner removes that owner only',
    step: ({ event, before, after }) => {
      if (event.type !== 'owner.removed' || !before) return;
      const { index } = event as { type: string; index: number };
      expect(after.context.form.owners).toEqual(before.context.form.owners.filter((_: string, i: number) => i !== index));
    },
  },
  {
    rule: 'SPEC §8: a refused save shows the message of the server',
    step: (view) => {
      if (!isError('saveCollectionPoint')(view)) return;
      expect(view.effects).toEqual([{ name: 'toast', params: { kind: 'error', message: 'Outlet already exists' } }]);
    },
  },
];

const modelFor = (form: CollectionPointForm): PathModel => ({
  oracles: oraclesFor(form),
  machine: collectionPointFormMachine,
  input: { form },
  strategy: 'shortest',
  effects: ['toast', 'collectionPointSaved'],
  // States are told apart by what changes the machine's behaviour: the locked ID, whether a location
  // is chosen, whether the form is complete, and the owners (which can grow without end, so capped).
  serializeState: (snapshot) => {
    const { form, errors } = snapshot.context as { form: CollectionPointForm; errors: object };
    return JSON.stringify([
      snapshot.value,
      form.clientVendorId,
      form.location?.formatted_address ?? null,
      form.name !== '' && form.phone !== '',
      form.owners.slice(0, 1),
      Object.keys(errors),
    ]);
  },
  events: [
    { type: 'field.changed', field: 'clientVendorId', value: 'SA-003' },
    { type: 'field.changed', field: 'name', value: 'Tahlia branch' },
    { type: 'phone.changed', value: '+966 50-000-0002' },
    { type: 'address.text.changed', text: 'Tahl' },
    { type: 'address.selected', location },
    { type: 'marker.dragged', latitude: 24.71, longitude: 46.61 },
    { type: 'xstate.done.actor.reverseGeocode', output: dragged },
    { type: 'xstate.error.actor.reverseGeocode', error: new Error('geolocator.error.reverse') },
    { type: 'owner.added' },
    { type: 'owner.changed', index: 0, value: 'not-an-email' },
    { type: 'owner.removed', index: 0 },
    { type: 'submitted' },
    { type: 'xstate.done.actor.saveCollectionPoint', output: { vendorId: 'vendor-3' } },
    { type: 'xstate.error.actor.saveCollectionPoint', error: new Error('Outlet already exists') },
    { type: 'closed' },
  ],
});

// A collection point with two owners: with one owner, changing or removing "that owner" cannot be
// told from changing or removing every owner.
const twoOwners: CollectionPointForm = { ...existing, owners: ['first@example.com', 'second@example.com'] };
const twoOwnersModel: PathModel = {
  oracles: oraclesFor(twoOwners),
  machine: collectionPointFormMachine,
  input: { form: twoOwners },
  strategy: 'shortest',
  effects: ['toast', 'collectionPointSaved'],
  events: [
    { type: 'owner.changed', index: 1, value: 'third@example.com' },
    { type: 'owner.removed', index: 0 },
    { type: 'submitted' },
    { type: 'xstate.done.actor.saveCollectionPoint', output: { vendorId: 'vendor-3' } },
  ],
};

/** The locked fields, typed into in edit mode: the traversal never sends an event a state ignores,
 * so these are appended to every edit path that ends in `editing`, and the replay sees nothing change. */
const LOCKED_EDITS = [
  { type: 'field.changed', field: 'clientVendorId', value: 'SA-003' },
  { type: 'field.changed', field: 'parentVendorId', value: 'parent-2' },
] as const;

function withLockedFieldsTyped(generated: ModelPath[]): ModelPath[] {
  return generated
    .filter((path) => path.state.matches('editing'))
    .map((path) => ({
      ...path,
      steps: [...path.steps, ...LOCKED_EDITS.map((event) => ({ state: path.state, event }))],
      weight: path.weight + LOCKED_EDITS.length,
    }));
}

// Shortest paths: every field edit multiplies the simple paths; each distinct form is still reached.
const models = { create: modelFor(blank), edit: modelFor(existing), 'two owners': twoOwnersModel };
const walked: ModelPath[] = [];

for (const [mode, model] of Object.entries(models)) {
  const generated = generatePaths(model);
  const paths = mode === 'create' ? generated : [...generated, ...withLockedFieldsTyped(generated)];
  walked.push(...paths);
  describe(`collectionPointForm (${mode}): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay, step) => {
          const { form } = snapshot.context;
          expect(form.phone).toMatch(/^[\d+]*$/);
          // The typed phone is kept, without its separators; the address field starts with the chosen address.
          if (step.event.type === 'phone.changed') expect(form.phone).toBe('+966500000002');
          if (step.event.type === 'xstate.init') expect(snapshot.context.addressText).toBe(mode === 'create' ? '' : location.formatted_address);
          if (step.event.type === 'address.text.changed') expect(form.location).toBeNull();
          if (step.event.type === 'xstate.error.actor.reverseGeocode') {
            const before = path.steps[path.steps.indexOf(step) - 1].state.context as { form: CollectionPointForm };
            expect(form.location).toEqual(before.form.location);
          }
          if (step.event.type === 'submitted' && snapshot.matches('editing')) {
            expect(Object.keys(snapshot.context.errors).length).toBeGreaterThan(0);
          }
          if (snapshot.matches('saved')) {
            expect(replay.effects).toContainEqual({
              name: 'toast',
              params: { kind: 'success', message: mode === 'create' ? SAVED_NEW_MESSAGE : SAVED_MESSAGE },
            });
          }
        });
      });
    }
  });
}

describe('collectionPointForm: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('collectionPointForm', walked));

  it('shows every failing field at once on submit', () => {
    const actor = createActor(collectionPointFormMachine, { input: { form: blank } }).start();
    actor.send({ type: 'submitted' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['clientVendorId', 'location', 'name', 'phone']);
  });

  it('saves a valid new collection point and says it takes a few minutes', async () => {
    const saved: CollectionPointForm[] = [];
    const toasts: string[] = [];
    const actor = createActor(
      collectionPointFormMachine.provide({
        actors: { saveCollectionPoint: fromPromise(async ({ input }) => (saved.push(input.form), { vendorId: 'vendor-9' })) },
        actions: { toast: (_, params) => void toasts.push(params.message) },
      }),
      { input: { form: { ...existing, isEditMode: false } } },
    ).start();
    actor.send({ type: 'submitted' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saved).toHaveLength(1);
    expect(toasts).toEqual([SAVED_NEW_MESSAGE]);
  });
});
