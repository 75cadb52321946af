import { assign, fromPromise, setup } from 'xstate';
import type { TrackingView } from '../adapters/ports';
import { isInStatusGroup } from '../domain/statuses';

// The public tracking pages (SPEC §2, API.md GET /tracking/{orderId}?t=): load the view, then follow
// the rider by reloading it every few seconds until the order has ended. A failed reload keeps the
// last view and tries again; a refused link (403) stops.

export const PUBLIC_TRACKING_REFRESH_MS = 5000;

export interface PublicTrackingInput {
  orderId: string;
  token: string;
}

export interface PublicTrackingContext extends PublicTrackingInput {
  view: TrackingView | null;
  /** The failure's key: 'error.forbidden' for a wrong or missing link, else the API's key. */
  errorKey: string | null;
}

export type PublicTrackingEvent = { type: 'retry' };

const errorKeyOf = (error: unknown) => (error instanceof Error ? error.message : 'error.offline');

const hasEnded = (view: TrackingView | null) =>
  view !== null && (isInStatusGroup(view.status, 'cancelled') || isInStatusGroup(view.status, 'deliveredOrReturned'));

export const publicTrackingMachine = setup({
  types: {
    context: {} as PublicTrackingContext,
    events: {} as PublicTrackingEvent,
    input: {} as PublicTrackingInput,
  },
  actors: {
    loadTracking: fromPromise<TrackingView, PublicTrackingInput>(async () => {
      throw new Error('loadTracking not provided');
    }),
  },
  guards: {
    ended: ({ context }) => hasEnded(context.view),
    linkRefused: ({ context }) => context.errorKey === 'error.forbidden',
  },
  delays: {
    refresh: PUBLIC_TRACKING_REFRESH_MS,
  },
}).createMachine({
  id: 'publicTracking',
  initial: 'loading',
  context: ({ input }) => ({ ...input, view: null, errorKey: null }),
  states: {
    loading: {
      invoke: {
        id: 'loadTracking',
        src: 'loadTracking',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: { target: 'showing', actions: assign({ view: ({ event }) => event.output, errorKey: null }) },
        onError: { target: 'failed', actions: assign({ errorKey: ({ event }) => errorKeyOf(event.error) }) },
      },
    },
    showing: {
      always: { guard: 'ended', target: 'ended' },
      after: { refresh: { target: 'loading' } },
    },
    failed: {
      always: { guard: 'linkRefused', target: 'refused' },
      // Keep what was shown and try again later; the user may also retry at once.
      after: { refresh: { target: 'loading' } },
      on: { retry: { target: 'loading' } },
    },
    ended: { type: 'final' },
    refused: { type: 'final' },
  },
});
