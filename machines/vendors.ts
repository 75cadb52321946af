import { assign, setup } from 'xstate';
import type { Vendor } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The vendor list and selection of a signed-in user (SPEC §2 branch selector and outlets toggle,
// §3 client state, §8 vendor errors). The app provides the HTTP calls and the storage write.

export interface VendorsContext {
  vendors: Vendor[];
  selectedId: string | null;
  /** The country parameter allOutletOrders, asked for the account's (first) parent vendor. */
  outletOrdersAllowed: boolean;
  includeOutlets: boolean;
}

export interface VendorsInput {
  preferredVendorId: string | null;
  includeOutlets: boolean;
}

export type VendorsEvent =
  | { type: 'vendor.selected'; vendorId: string }
  | { type: 'outlets.toggled'; include: boolean }
  | { type: 'vendors.reload' };

/** SPEC §8: vendor errors stay 10 s. */
export const VENDOR_ERROR_MS = 10_000;

export const vendorsMachine = setup({
  types: {
    context: {} as VendorsContext,
    events: {} as VendorsEvent,
    input: {} as VendorsInput,
  },
  actors: {
    loadVendors: promiseNotProvided<Vendor[], void>('loadVendors'),
    loadOutletPermission: promiseNotProvided<boolean, { vendorId: string }>('loadOutletPermission'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    rememberSelection: (_, _params: { vendorId: string | null; includeOutlets: boolean }) => {},
  },
  guards: {
    isEmptyList: (_, params: { vendors: Vendor[] }) => params.vendors.length === 0,
    hasNoParent: ({ context }) => !context.vendors.some((vendor) => vendor.is_parent),
    isReachable: ({ context }, params: { vendorId: string }) => context.vendors.some((vendor) => vendor.vendor_id === params.vendorId),
  },
}).createMachine({
  id: 'vendors',
  context: ({ input }) => ({ vendors: [], selectedId: input.preferredVendorId, outletOrdersAllowed: false, includeOutlets: input.includeOutlets }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadVendors',
        src: 'loadVendors',
        onDone: [
          {
            guard: { type: 'isEmptyList', params: ({ event }) => ({ vendors: event.output }) },
            target: 'empty',
            actions: { type: 'toast', params: { kind: 'error', message: 'error.no-vendors', durationMs: VENDOR_ERROR_MS } },
          },
          {
            target: 'checkingOutlets',
            actions: assign(({ context, event }) => {
              const vendors = event.output;
              // The remembered vendor if still reachable, else the first (parents come first).
              const kept = vendors.some((vendor) => vendor.vendor_id === context.selectedId) ? context.selectedId : (vendors[0]?.vendor_id ?? null);
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
      always: { guard: 'hasNoParent', target: 'ready', actions: assign({ outletOrdersAllowed: false }) },
      invoke: {
        id: 'loadOutletPermission',
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
          guard: { type: 'isReachable', params: ({ event }) => ({ vendorId: event.vendorId }) },
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
