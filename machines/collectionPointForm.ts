import { assign, setup } from 'xstate';
import { sanitizePhoneInput, validateCollectionPoint, type CollectionPointErrors } from '../domain';
import type { CollectionPointForm, ReverseGeocodeResult } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The collection point add/edit dialog (SPEC.md §2, §5): editing locks the parent vendor and the
// collection point ID; typing in the address clears the chosen location; dragging the marker reverse
// geocodes, and a failure keeps the prior address; submit validates with the domain rule, then saves.

export type CollectionPointLocation = NonNullable<CollectionPointForm['location']>;

/** Fields edited as plain text; the address, phone and owners have their own events. */
export type CollectionPointTextField = 'parentVendorId' | 'clientVendorId' | 'name' | 'unitNo' | 'building' | 'riderInstructions';

export interface CollectionPointFormInput {
  /** The form to start from: blank for a new collection point, the outlet's values when editing. */
  form: CollectionPointForm;
}

export interface CollectionPointFormContext {
  form: CollectionPointForm;
  /** The address text as typed, which may differ from the selected location's. */
  addressText: string;
  errors: CollectionPointErrors;
}

export type CollectionPointFormEvent =
  | { type: 'field.changed'; field: CollectionPointTextField; value: string }
  | { type: 'phone.changed'; value: string }
  | { type: 'address.text.changed'; text: string }
  | { type: 'address.selected'; location: CollectionPointLocation }
  | { type: 'marker.dragged'; latitude: number; longitude: number }
  | { type: 'owner.added' }
  | { type: 'owner.changed'; index: number; value: string }
  | { type: 'owner.removed'; index: number }
  | { type: 'submitted' }
  | { type: 'closed' };

export interface SaveCollectionPointOutput {
  vendorId: string;
}

export const SAVED_MESSAGE = 'collection-point.saved';
export const SAVED_NEW_MESSAGE = 'collection-point.saved-new';

/** Fields that identify the outlet and so cannot change once it exists. */
const LOCKED_WHEN_EDITING: readonly CollectionPointTextField[] = ['parentVendorId', 'clientVendorId'];

const toLocation = ({ address }: ReverseGeocodeResult): CollectionPointLocation => ({
  formatted_address: address.formatted_address,
  latitude: address.latitude,
  longitude: address.longitude,
  city: address.city,
  countryCode: address.country_code,
  zipcode: address.zipcode,
  street: address.street,
  streetNumber: address.number,
});

const serverMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const collectionPointFormMachine = setup({
  types: {
    context: {} as CollectionPointFormContext,
    events: {} as CollectionPointFormEvent,
    input: {} as CollectionPointFormInput,
  },
  actors: {
    reverseGeocode: promiseNotProvided<ReverseGeocodeResult, { latitude: number; longitude: number }>('reverseGeocode'),
    saveCollectionPoint: promiseNotProvided<SaveCollectionPointOutput, { form: CollectionPointForm }>('saveCollectionPoint'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Closes the dialog and refreshes the vendor list; provided by the app. */
    collectionPointSaved: (_, _params: { vendorId: string; isNew: boolean }) => {},
    changeField: assign(({ context, event }) =>
      event.type === 'field.changed' ? { form: { ...context.form, [event.field]: event.value } } : {},
    ),
    changePhone: assign(({ context, event }) =>
      event.type === 'phone.changed' ? { form: { ...context.form, phone: sanitizePhoneInput(event.value) } } : {},
    ),
    typeAddress: assign(({ context, event }) =>
      event.type === 'address.text.changed' ? { addressText: event.text, form: { ...context.form, location: null } } : {},
    ),
    selectAddress: assign(({ context, event }) =>
      event.type === 'address.selected'
        ? { addressText: event.location.formatted_address, form: { ...context.form, location: event.location } }
        : {},
    ),
    addOwner: assign(({ context }) => ({ form: { ...context.form, owners: [...context.form.owners, ''] } })),
    changeOwner: assign(({ context, event }) =>
      event.type === 'owner.changed'
        ? { form: { ...context.form, owners: context.form.owners.map((owner, i) => (i === event.index ? event.value : owner)) } }
        : {},
    ),
    removeOwner: assign(({ context, event }) =>
      event.type === 'owner.removed' ? { form: { ...context.form, owners: context.form.owners.filter((_, i) => i !== event.index) } } : {},
    ),
    validate: assign(({ context }) => ({ errors: validateCollectionPoint(context.form) })),
  },
  guards: {
    fieldEditable: ({ context, event }) =>
      event.type === 'field.changed' && !(context.form.isEditMode && LOCKED_WHEN_EDITING.includes(event.field)),
    formValid: ({ context }) => Object.keys(context.errors).length === 0,
  },
}).createMachine({
  id: 'collectionPointForm',
  initial: 'editing',
  context: ({ input }) => ({
    form: input.form,
    addressText: input.form.location?.formatted_address ?? '',
    errors: {},
  }),
  on: { closed: { target: '.closed' } },
  states: {
    editing: {
      on: {
        'field.changed': { guard: 'fieldEditable', actions: 'changeField' },
        'phone.changed': { actions: 'changePhone' },
        'address.text.changed': { actions: 'typeAddress' },
        'address.selected': { actions: 'selectAddress' },
        'marker.dragged': { target: 'geocoding' },
        'owner.added': { actions: 'addOwner' },
        'owner.changed': { actions: 'changeOwner' },
        'owner.removed': { actions: 'removeOwner' },
        submitted: { target: 'validating' },
      },
    },
    geocoding: {
      invoke: {
        id: 'reverseGeocode',
        src: 'reverseGeocode',
        input: ({ event }) =>
          event.type === 'marker.dragged' ? { latitude: event.latitude, longitude: event.longitude } : { latitude: 0, longitude: 0 },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const location = toLocation(event.output);
            return { addressText: location.formatted_address, form: { ...context.form, location } };
          }),
        },
        // SPEC.md §8: a failed reverse geocoding keeps the prior address and coordinates.
        onError: { target: 'editing' },
      },
    },
    validating: {
      entry: 'validate',
      always: [{ guard: 'formValid', target: 'saving' }, { target: 'editing' }],
    },
    saving: {
      invoke: {
        id: 'saveCollectionPoint',
        src: 'saveCollectionPoint',
        input: ({ context }) => ({ form: context.form }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'toast',
              params: ({ context }) => ({ kind: 'success' as const, message: context.form.isEditMode ? SAVED_MESSAGE : SAVED_NEW_MESSAGE }),
            },
            {
              type: 'collectionPointSaved',
              params: ({ context, event }) => ({ vendorId: event.output.vendorId, isNew: !context.form.isEditMode }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ kind: 'error' as const, message: serverMessage(event.error) }) },
        },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
});
