// The address-search machine's pick of a suggested place: our places (with coordinates) resolve at once;
// Google's (placesBy 'google', no coordinates) go through the details actor, whose failure keeps the
// typed text and the list; a new keystroke while resolving drops the late answer.
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { GeolocatorSuggestions } from '../../adapters/ports';
import { LIMITS } from '../../domain';
import type { Place } from '../../domain/types';
import type { ToastParams } from '../../machines/toasts';
import { addressSearchMachine } from '../../machines/addressSearch';
import { effectExactlyWhen, isDone, isError } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const OURS: Place = { address: { id: 'gz-1', formatted_address: 'Olaya Street, Riyadh', latitude: 24.69, longitude: 46.68 } };
const PREDICTION: Place = { address: { id: 'ChIJkingdom', formatted_address: 'Kingdom Centre, Riyadh', latitude: Number.NaN, longitude: Number.NaN } };
const DETAILS: Place = { address: { id: 'ChIJkingdom', formatted_address: 'Kingdom Centre, Al Olaya, Riyadh 12214', latitude: 24.7113, longitude: 46.6744 } };

function start(suggestions: GeolocatorSuggestions, placeDetails: (place: Place) => Promise<Place>) {
  const clock = new SimulatedClock();
  const resolved: Place[] = [];
  const toasts: ToastParams[] = [];
  const details = vi.fn(placeDetails);
  const machine = addressSearchMachine.provide({
    actors: {
      suggest: fromPromise(async () => suggestions),
      placeDetails: fromPromise<Place, { place: Place; country: string }>(({ input }) => details(input.place)),
    },
    actions: {
      placeResolved: (_, params) => resolved.push(params.place),
      toast: (_, params) => toasts.push(params),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { query: '', country: 'SA', vendorId: 'sa-1000', near: null, addressBookEnabled: true },
  }).start();
  return { actor, clock, resolved, toasts, details };
}

async function searchFor(run: ReturnType<typeof start>, query: string) {
  run.actor.send({ type: 'query.changed', query });
  run.clock.increment(LIMITS.autocompleteDebounceMs);
  await waitFor(run.actor, (snapshot) => snapshot.matches('idle') && snapshot.context.searched);
}

describe('picking a suggested place', () => {
  it('takes our place at once, with its coordinates', async () => {
    const run = start({ addressBook: [], places: [OURS], reversed: [] }, async () => DETAILS);
    await searchFor(run, 'Olaya');
    expect(run.actor.getSnapshot().context.placesBy).toBeNull();
    run.actor.send({ type: 'place.chosen', place: OURS });
    expect(run.resolved).toEqual([OURS]);
    expect(run.actor.getSnapshot().context.query).toBe('Olaya Street, Riyadh');
    expect(run.details).not.toHaveBeenCalled();
  });

  it('asks the details of a Google place, then takes the place they describe', async () => {
    const run = start({ addressBook: [], places: [PREDICTION], reversed: [], placesBy: 'google' }, async () => DETAILS);
    await searchFor(run, 'Kingdom');
    expect(run.actor.getSnapshot().context.placesBy).toBe('google');
    run.actor.send({ type: 'place.chosen', place: PREDICTION });
    expect(run.actor.getSnapshot().matches('resolving')).toBe(true);
    await waitFor(run.actor, (snapshot) => snapshot.matches('idle'));
    expect(run.details).toHaveBeenCalledWith(PREDICTION);
    expect(run.resolved).toEqual([DETAILS]);
    expect(run.actor.getSnapshot().context).toMatchObject({ query: DETAILS.address.formatted_address, places: [], placesBy: null });
  });

  it('keeps the typed text and the list when the details fail, and says so', async () => {
    const run = start({ addressBook: [], places: [PREDICTION], reversed: [], placesBy: 'google' }, async () => Promise.reject(new Error('down')));
    await searchFor(run, 'Kingdom');
    run.actor.send({ type: 'place.chosen', place: PREDICTION });
    await waitFor(run.actor, (snapshot) => snapshot.matches('idle'));
    expect(run.toasts).toEqual([{ kind: 'error', message: 'geolocator.error.fetch-place-details' }]);
    expect(run.resolved).toEqual([]);
    expect(run.actor.getSnapshot().context).toMatchObject({ query: 'Kingdom', places: [PREDICTION], placesBy: 'google' });
  });

  it('drops the details when the user types again before they arrive', async () => {
    let answer: (place: Place) => void = () => undefined;
    const run = start(
      { addressBook: [], places: [PREDICTION], reversed: [], placesBy: 'google' },
      () => new Promise<Place>((resolve) => (answer = resolve)),
    );
    await searchFor(run, 'Kingdom');
    run.actor.send({ type: 'place.chosen', place: PREDICTION });
    run.actor.send({ type: 'query.changed', query: 'Kingdom Tower' });
    answer(DETAILS);
    await Promise.resolve();
    expect(run.resolved).toEqual([]);
    expect(run.actor.getSnapshot().context.query).toBe('Kingdom Tower');
  });

  it('offers typed coordinates as our own place even when the list came from Google before', async () => {
    const reversed = {
      address: { formatted_address: 'King Fahd Rd', latitude: 24.7, longitude: 46.6, city: 'Riyadh', country_code: 'SA', zipcode: '', street: 'King Fahd Rd', number: '1' },
    };
    const run = start({ addressBook: [], places: [{ ...PREDICTION }], reversed: [reversed], placesBy: 'google' }, async () => DETAILS);
    await searchFor(run, '24.7,46.6');
    expect(run.actor.getSnapshot().context.placesBy).toBeNull();
    // The one place offered is the typed point, with its address; picking it reaches the field at
    // once, with those coordinates (no details call: the point is ours).
    const offered = run.actor.getSnapshot().context.places;
    const point: Place = { address: { id: 'point:24.7,46.6', formatted_address: 'King Fahd Rd', latitude: 24.7, longitude: 46.6 } };
    expect(offered).toEqual([point]);
    run.actor.send({ type: 'place.chosen', place: offered[0]! });
    expect(run.resolved).toEqual([point]);
    expect(run.details).not.toHaveBeenCalled();
  });
});

// Every path of one address field's search, replayed on the shipped machine.
const GOOGLE_SUGGESTIONS: GeolocatorSuggestions = { addressBook: [], places: [PREDICTION], reversed: [], placesBy: 'google' };
const REVERSED = { address: { formatted_address: '24.7, 46.6', latitude: 24.7, longitude: 46.6 } } as GeolocatorSuggestions['reversed'][number];
const searchModel: PathModel = {
  machine: addressSearchMachine,
  input: { query: '', country: 'SA', vendorId: 'sa-1000', near: null, addressBookEnabled: true },
  strategy: 'shortest',
  effects: ['toast', 'placeResolved', 'pointResolved'],
  events: [
    { type: 'query.changed', query: 'Olaya' },
    { type: 'query.changed', query: '  ' },
    { type: 'query.set', query: 'Olaya Street, Riyadh' },
    { type: 'point.dragged', latitude: 24.7, longitude: 46.6 },
    { type: 'place.chosen', place: OURS },
    { type: 'context.changed', vendorId: 'sa-2000', near: null, addressBookEnabled: false },
    { type: `xstate.after.autocompleteDebounce.addressSearch.debouncing` },
    { type: 'xstate.done.actor.suggest', output: { addressBook: [], places: [OURS], reversed: [] } },
    { type: 'xstate.done.actor.suggest', output: GOOGLE_SUGGESTIONS },
    { type: 'xstate.done.actor.suggest', output: { addressBook: [], places: [], reversed: [REVERSED] } },
    { type: 'xstate.error.actor.suggest', error: new Error('offline') },
    { type: 'xstate.done.actor.reverse', output: DETAILS },
    { type: 'xstate.error.actor.reverse', error: new Error('offline') },
    { type: 'xstate.done.actor.placeDetails', output: DETAILS },
    { type: 'xstate.error.actor.placeDetails', error: new Error('no coordinates') },
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context as { query: string; placesBy: string | null; searched: boolean; places: Place[]; vendorId: string | null };
    return JSON.stringify([snapshot.value, c.query, c.placesBy, c.searched, c.places.length, c.vendorId]);
  },
  // SPEC §4 Geolocator and §8 geolocator errors, checked on every step.
  oracles: [
    effectExactlyWhen(
      'a picked place reaches the field with its coordinates: ours at once, a Google one once its details answer',
      'placeResolved',
      (view) => isDone('placeDetails')(view) || (view.event.type === 'place.chosen' && view.before?.context.placesBy === null),
      (view) => ({ place: isDone('placeDetails')(view) ? DETAILS : OURS }),
    ),
    effectExactlyWhen('a dragged marker reaches the field once its point is reverse geocoded', 'pointResolved', isDone('reverse'), () => ({ place: DETAILS })),
    {
      rule: 'SPEC §2 address input: dragging the marker asks the geolocator for the address of the dropped point, in the country of the field',
      step: ({ event, after, replay }) => {
        if (event.type !== 'point.dragged' || !after.matches('reversing')) return;
        const { latitude, longitude } = event as unknown as { latitude: number; longitude: number };
        expect(replay.started.reverse?.at(-1)).toEqual({ latitude, longitude, country: 'SA' });
      },
    },
    effectExactlyWhen(
      'SPEC §8: a geolocator failure shows its error toast, and nothing else does',
      'toast',
      (view) => ['suggest', 'reverse', 'placeDetails'].some((id) => isError(id)(view)),
    ),
  ],
};

const searchPaths = generatePaths(searchModel);

describe('addressSearch: every path', () => {
  for (const path of searchPaths) {
    it(describePath(path), async () => {
      await replayPath(searchModel, path, (snapshot, replay) => {
        // SPEC §4 Geolocator: the search asks for the query the field shows now, never an older one.
        if (snapshot.matches('searching')) expect(replay.started.suggest?.at(-1)).toMatchObject({ query: snapshot.context.query });
      });
    });
  }

  it('covers every transition', () => checkPathCount('addressSearch', searchPaths));
});
