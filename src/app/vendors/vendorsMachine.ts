import { assign, fromPromise, setup } from 'xstate';
import type { Vendor } from '../../../domain/types';
import type { ToastParams } from '../../../machines/toasts';

// The vendor list and selection of a signed-in user (SPEC §3 client state, §8 vendor errors).
// Lives in src/app until machines/ has a vendors machine; it imports no adapter.

export interface VendorsContext {
  vendors: Vendor[];
  selectedId: string | null;
  /** The country parameter allOutletOrders, asked for the account's (first) parent vendor. */
  outletOrdersAllowed: boolean;
  includeOutlets: boolean;
}

export type VendorsEvent =
  | { type: 'vendor.selected'; vendorId: string }
  | { type: 'outlets.toggled'; include: boolean }
  | { type: 'vendors.reload' };

/** SPEC §8: vendor errors stay 10 s. */
const VENDOR_ERROR_MS = 10_000;

export const vendorsMachine = setup({
  types: {
    context: {} as VendorsContext,
    events: {} as VendorsEvent,
    input: {} as { preferredVendorId: string | null; includeOutlets: boolean },
  },
  actors: {
    loadVendors: fromPromise<Vendor[], void>(async () => {
      throw new Error('loadVendors not provided');
    }),
    loadOutletPermission: fromPromise<boolean, { vendorId: string }>(async () => {
      throw new Error('loadOutletPermission not provided');
    }),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    rememberSelection: (_, _params: { vendorId: string | null; includeOutlets: boolean }) => {},
  },
}).createMachine({
  id: 'vendors',
  context: ({ input }) => ({ vendors: [], selectedId: input.preferredVendorId, outletOrdersAllowed: false, includeOutlets: input.includeOutlets }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadVendors',
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'empty',
            actions: { type: 'toast', params: { kind: 'error', message: 'error.no-vendors', durationMs: VENDOR_ERROR_MS } },
          },
          {
            target: 'checkingOutlets',
            actions: assign(({ context, event }) => {
              const vendors = event.output;
              // The remembered vendor if still reachable, else the first (parents come first).
              const kept = vendors.some((vendor) => vendor.vendor_id === context.selectedId) ? context.selectedId : vendors[0]!.vendor_id;
              return { vendors, selectedId: kept };
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'toast', params: { kind: 'error', message: 'error.cant-retrieve-vendors', durationMs: VENDOR_ERROR_MS } },
        },
      },
    },
    // SPEC §2: the toggle exists when the country allows it for a parent vendor; selecting an outlet
    // later only disables it, so this is asked once per vendor list.
    checkingOutlets: {
      always: { guard: ({ context }) => !context.vendors.some((vendor) => vendor.is_parent), target: 'ready', actions: assign({ outletOrdersAllowed: false }) },
      invoke: {
        src: 'loadOutletPermission',
        input: ({ context }) => ({ vendorId: context.vendors.find((vendor) => vendor.is_parent)?.vendor_id ?? '' }),
        onDone: { target: 'ready', actions: assign({ outletOrdersAllowed: ({ event }) => event.output }) },
        // Without the parameter the toggle stays hidden; nothing else depends on it.
        onError: { target: 'ready', actions: assign({ outletOrdersAllowed: false }) },
      },
    },
    ready: {
      entry: { type: 'rememberSelection', params: ({ context }) => ({ vendorId: context.selectedId, includeOutlets: context.includeOutlets }) },
      on: {
        'vendor.selected': {
          guard: ({ context, event }) => context.vendors.some((vendor) => vendor.vendor_id === event.vendorId),
          actions: [
            assign({ selectedId: ({ event }) => event.vendorId }),
            { type: 'rememberSelection', params: ({ context, event }) => ({ vendorId: event.vendorId, includeOutlets: context.includeOutlets }) },
          ],
        },
        'outlets.toggled': {
          actions: [
            assign({ includeOutlets: ({ event }) => event.include }),
            { type: 'rememberSelection', params: ({ context, event }) => ({ vendorId: context.selectedId, includeOutlets: event.include }) },
          ],
        },
        'vendors.reload': 'loading',
      },
    },
    empty: { on: { 'vendors.reload': 'loading' } },
    failed: { on: { 'vendors.reload': 'loading' } },
  },
});
