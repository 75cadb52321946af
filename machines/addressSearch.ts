import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import type { AddressBookEntry, Place, ReverseGeocodeResult } from '../domain/types';
import type { GeolocatorSuggestions } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// One address field's search (SPEC §2 address input, §4 Geolocator, §9 500 ms debounce): typing waits
// 500 ms of quiet, then asks the geolocator (address book first, then places; 'lat,lng' is reverse
// geocoded). A newer query stops the older search, so a late answer never replaces a newer one.
// Dragging the map marker reverse geocodes the new point. Picking a place that came without
// coordinates (Google's suggestions) asks for its details first; our own places resolve at once.

export interface AddressSearchInput {
  query: string;
  country: string;
  vendorId: string | null;
  near: { latitude: number; longitude: number } | null;
  addressBookEnabled: boolean;
}

export interface AddressSearchContext extends AddressSearchInput {
  addressBook: AddressBookEntry[];
  places: Place[];
  /** Who suggested `places` when not our geolocator (GeolocatorSuggestions.placesBy): the list
   * credits it, and a pick asks for the place's details. */
  placesBy: 'google' | null;
  /** A search for the current query finished (so 'no results' may show). */
  searched: boolean;
}

export type AddressSearchEvent =
  | { type: 'query.changed'; query: string }
  /** The field now shows a chosen address: no search for it. */
  | { type: 'query.set'; query: string }
  | { type: 'point.dragged'; latitude: number; longitude: number }
  /** The user picked a suggested place. */
  | { type: 'place.chosen'; place: Place }
  | { type: 'context.changed'; vendorId: string | null; near: AddressSearchInput['near']; addressBookEnabled: boolean };

const EMPTY_RESULTS = { addressBook: [], places: [], placesBy: null, searched: false };

export const addressSearchMachine = setup({
  types: {
    context: {} as AddressSearchContext,
    events: {} as AddressSearchEvent,
    input: {} as AddressSearchInput,
  },
  actors: {
    suggest: promiseNotProvided<GeolocatorSuggestions, AddressSearchInput>('suggest'),
    reverse: promiseNotProvided<Place, { latitude: number; longitude: number; country: string }>('reverse'),
    /** The place with its coordinates; rejects when the provider has none for it. */
    placeDetails: promiseNotProvided<Place, { place: Place; country: string }>('placeDetails'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** A marker drop resolved to an address; the field's owner decides what it means. */
    pointResolved: (_, _params: { place: Place }) => {},
    /** A picked place is known with its coordinates; the field's owner takes it. */
    placeResolved: (_, _params: { place: Place }) => {},
    showPlace: assign((_, params: { place: Place }) => ({ query: params.place.address.formatted_address, ...EMPTY_RESULTS })),
    typeQuery: assign(({ event }) => (event.type === 'query.changed' || event.type === 'query.set' ? { query: event.query, ...EMPTY_RESULTS } : {})),
  },
  guards: {
    searchable: ({ event }) => event.type === 'query.changed' && event.query.trim() !== '',
    placesNeedDetails: ({ context }) => context.placesBy !== null,
  },
  delays: {
    autocompleteDebounce: LIMITS.autocompleteDebounceMs,
  },
}).createMachine({
  id: 'addressSearch',
  initial: 'idle',
  context: ({ input }) => ({ ...input, ...EMPTY_RESULTS }),
  on: {
    'query.changed': [
      { guard: 'searchable', target: '.debouncing', reenter: true, actions: 'typeQuery' },
      { target: '.idle', actions: 'typeQuery' },
    ],
    'query.set': { target: '.idle', actions: 'typeQuery' },
    'point.dragged': { target: '.reversing' },
    'place.chosen': [
      { guard: 'placesNeedDetails', target: '.resolving' },
      {
        target: '.idle',
        actions: [
          { type: 'showPlace', params: ({ event }) => ({ place: event.place }) },
          { type: 'placeResolved', params: ({ event }) => ({ place: event.place }) },
        ],
      },
    ],
    'context.changed': {
      actions: assign(({ event }) => ({ vendorId: event.vendorId, near: event.near, addressBookEnabled: event.addressBookEnabled })),
    },
  },
  states: {
    idle: {},
    debouncing: {
      after: { autocompleteDebounce: { target: 'searching' } },
    },
    searching: {
      invoke: {
        id: 'suggest',
        src: 'suggest',
        input: ({ context }) => ({
          query: context.query,
          country: context.country,
          vendorId: context.vendorId,
          near: context.near,
          addressBookEnabled: context.addressBookEnabled,
        }),
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({
            addressBook: event.output.addressBook,
            // Typed coordinates that resolved are offered as the one place to pick.
            places: event.output.reversed.length > 0 ? event.output.reversed.map(placeOfReverse) : event.output.places,
            placesBy: event.output.reversed.length > 0 ? null : (event.output.placesBy ?? null),
            searched: true,
          })),
        },
        onError: {
          target: 'idle',
          actions: [assign({ searched: true }), { type: 'toast', params: { kind: 'error', message: 'geolocator.error.autocomplete' } }],
        },
      },
    },
    reversing: {
      invoke: {
        id: 'reverse',
        src: 'reverse',
        input: ({ context, event }) =>
          event.type === 'point.dragged'
            ? { latitude: event.latitude, longitude: event.longitude, country: context.country }
            : { latitude: 0, longitude: 0, country: context.country },
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ query: event.output.address.formatted_address, ...EMPTY_RESULTS })),
            { type: 'pointResolved', params: ({ event }) => ({ place: event.output }) },
          ],
        },
        // The address stays as it was (SPEC §8 geolocator errors).
        onError: { target: 'idle', actions: { type: 'toast', params: { kind: 'error', message: 'geolocator.error.reverse' } } },
      },
    },
    resolving: {
      invoke: {
        id: 'placeDetails',
        src: 'placeDetails',
        input: ({ context, event }) => ({
          place: event.type === 'place.chosen' ? event.place : { address: { id: '', formatted_address: '', latitude: 0, longitude: 0 } },
          country: context.country,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'showPlace', params: ({ event }) => ({ place: event.output }) },
            { type: 'placeResolved', params: ({ event }) => ({ place: event.output }) },
          ],
        },
        // The typed text and the suggestions stay, so the user can pick again.
        onError: { target: 'idle', actions: { type: 'toast', params: { kind: 'error', message: 'geolocator.error.fetch-place-details' } } },
      },
    },
  },
});

/** A reverse-geocoded point as a suggestion the user can pick. */
export function placeOfReverse({ address }: ReverseGeocodeResult): Place {
  return {
    address: {
      id: `point:${address.latitude},${address.longitude}`,
      formatted_address: address.formatted_address,
      latitude: address.latitude,
      longitude: address.longitude,
    },
  };
}
