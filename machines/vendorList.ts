import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { errorMessageOf } from './submit';

// The shape every list screen of Settings shares (API keys, webhooks, team, audit trail): `loading`
// invokes the list call and goes to `ready` with what it answered, or to `failed` with the reason
// (a translation key); `failed` loads again on 'retry.requested'. The per-vendor lists add the
// root transition 'vendor.selected': another vendor's list is loaded afresh from any state, a call
// under way finishes on the server and its answer is ignored. Each machine keeps its own `ready`
// and the states that follow it.

/** What a list machine keeps of a failed load. */
export interface ListLoadContext {
  /** Why the list could not load: a translation key. */
  loadError: string | null;
}

/** What a per-vendor list machine keeps of the vendor it shows. */
export interface VendorListContext extends ListLoadContext {
  vendorId: string;
}

type VendorSelected = { type: 'vendor.selected'; vendorId: string };

/**
 * The shared pieces of one list machine, typed by its context and events (XState checks an
 * action's events both ways, so the pieces are made for each machine rather than once for all).
 */
export function listMachineParts<TContext extends ListLoadContext, TEvent extends EventObject>() {
  /**
   * The `loading` and `failed` states: `actor` (the invoke's id and the setup's actor name) is
   * called with `input`, and `loaded` turns its answer into the context the `ready` state shows.
   */
  const loadingStates = <TActor extends string, TOutput, TInput = undefined>(list: {
    actor: TActor;
    input?: (args: { context: TContext }) => TInput;
    loaded: (output: TOutput) => Partial<TContext>;
  }) =>
    ({
      loading: {
        invoke: {
          id: list.actor,
          src: list.actor,
          input: list.input,
          onDone: {
            target: 'ready',
            actions: assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(({ event }) => ({ ...list.loaded(event.output), loadError: null })),
          },
          onError: {
            target: 'failed',
            actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ event }) => ({ loadError: errorMessageOf(event.error, 'error.offline') }) as Partial<TContext>),
          },
        },
      },
      failed: {
        on: { 'retry.requested': { target: 'loading' } },
      },
    }) as const;
  return { loadingStates };
}

/** The per-vendor pieces: the root transition, its guard and its action. */
export function vendorListParts<TContext extends VendorListContext, TEvent extends EventObject>(fresh: Omit<Partial<TContext>, 'vendorId'>) {
  return {
    ...listMachineParts<TContext, TEvent>(),
    /** A vendor other than the one shown. */
    otherVendor: ({ context, event }: { context: TContext; event: TEvent }) => event.type === 'vendor.selected' && (event as unknown as VendorSelected).vendorId !== context.vendorId,
    /** The new vendor with the context of an empty list. */
    selectVendor: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) =>
      event.type === 'vendor.selected' ? ({ vendorId: (event as unknown as VendorSelected).vendorId, ...fresh } as Partial<TContext>) : {},
    ),
    /** The root transition: another vendor is loaded afresh from any state. */
    vendorSelection: {
      'vendor.selected': { guard: 'otherVendor', target: '.loading', reenter: true, actions: 'selectVendor' },
    } as const,
  };
}
