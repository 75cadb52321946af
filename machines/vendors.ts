import { assign, setup } from 'xstate';
import { outletPermissionParentId } from '../domain/parentVendor';
import type { Vendor } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The vendor list and selection of a signed-in user (SPEC §2 branch selector and outlets toggle,
// §3 client state, §8 vendor errors). The app provides the HTTP calls and the storage write.

export interface VendorsContext {
  vendors: Vendor[];
  selectedId: string | null;
  /** The country parameter allOutletOrders for the selected vendor's parent (outletPermissionParentId). */
  outletOrdersAllowed: boolean;
  /** allOutletOrders by parent vendor id, as answered so far: each parent is asked once per list. */
  outletPermissions: Record<string, boolean>;
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
    /** In the list, and the parent answering for it has been asked already. */
    isReachableUnderKnownParent: ({ context }, params: { vendorId: string }) => {
      if (!context.vendors.some((vendor) => vendor.vendor_id === params.vendorId)) return false;
      const parentId = permissionParentOf(context, params.vendorId);
      return parentId === null || Object.hasOwn(context.outletPermissions, parentId);
    },
    isReachable: ({ context }, params: { vendorId: string }) => context.vendors.some((vendor) => vendor.vendor_id === params.vendorId),
  },
}).createMachine({
  id: 'vendors',
  context: ({ input }) => ({ vendors: [], selectedId: input.preferredVendorId, outletOrdersAllowed: false, outletPermissions: {}, includeOutlets: input.includeOutlets }),
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
              return { vendors, selectedId: kept, outletPermissions: {} };
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'toast', params: { kind: 'error', message: 'error.cant-retrieve-vendors', durationMs: VENDOR_ERROR_MS } },
        },
      },
    },
    // SPEC §2: the toggle exists when the country allows it for a parent vendor: the selected vendor's
    // parent, since an account's parents may be in different countries. Each parent is asked once per
    // list; selecting an outlet of a known parent only disables the toggle.
    checkingOutlets: {
      always: { guard: 'hasNoParent', target: 'ready', actions: assign({ outletOrdersAllowed: false }) },
      invoke: {
        id: 'loadOutletPermission',
        src: 'loadOutletPermission',
        input: ({ context }) => ({ vendorId: permissionParentOf(context, context.selectedId) ?? '' }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => recordPermission(context, event.output)) },
        // Without the parameter the toggle stays hidden; nothing else depends on it.
        onError: { target: 'ready', actions: assign(({ context }) => recordPermission(context, false)) },
      },
      on: {
        // A branch chosen while asking: ask for its parent instead (the answer for the old one is dropped).
        'vendor.selected': {
          guard: { type: 'isReachable', params: ({ event }) => ({ vendorId: event.vendorId }) },
          target: 'checkingOutlets',
          reenter: true,
          actions: assign({ selectedId: ({ event }) => event.vendorId }),
        },
      },
    },
    ready: {
      entry: { type: 'rememberSelection', params: ({ context }) => ({ vendorId: context.selectedId, includeOutlets: context.includeOutlets }) },
      on: {
        'vendor.selected': [
          {
            guard: { type: 'isReachableUnderKnownParent', params: ({ event }) => ({ vendorId: event.vendorId }) },
            actions: [
              assign(({ context, event }) => ({
                selectedId: event.vendorId,
                outletOrdersAllowed: context.outletPermissions[permissionParentOf(context, event.vendorId) ?? ''] ?? false,
              })),
              { type: 'rememberSelection', params: ({ context, event }) => ({ vendorId: event.vendorId, includeOutlets: context.includeOutlets }) },
            ],
          },
          {
            // A branch under a parent not asked yet: ask, then ready remembers the selection.
            guard: { type: 'isReachable', params: ({ event }) => ({ vendorId: event.vendorId }) },
            target: 'checkingOutlets',
            actions: assign({ selectedId: ({ event }) => event.vendorId }),
          },
        ],
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

function permissionParentOf(context: Pick<VendorsContext, 'vendors'>, vendorId: string | null): string | null {
  const selected = context.vendors.find((vendor) => vendor.vendor_id === vendorId) ?? null;
  return outletPermissionParentId(selected, context.vendors);
}

/** Stores the answer for the selected vendor's parent and makes it the toggle's. */
function recordPermission(context: VendorsContext, allowed: boolean): Partial<VendorsContext> {
  const parentId = permissionParentOf(context, context.selectedId);
  if (parentId === null) return { outletOrdersAllowed: false };
  return { outletOrdersAllowed: allowed, outletPermissions: { ...context.outletPermissions, [parentId]: allowed } };
}
