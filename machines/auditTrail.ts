import { assign, setup } from 'xstate';
import type { AuditEvent, AuditQuery } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';
import { vendorListParts } from './vendorList';

// Settings → Audit: the selected vendor's audit trail, newest first, for a filter (member, action,
// period). Loads; a new filter loads afresh; the list shows a page at a time (the route answers up to
// 10 000 events at once) and "show more" adds the next page; the CSV of the same filter is downloaded
// through the export route and saved; a failed load offers a retry, a failed download is an error
// toast. Choosing another vendor loads its trail. The calls, the saving and the toast are provided.

export const AUDIT_PAGE_SIZE = 50;

export interface AuditTrailContext {
  vendorId: string;
  filter: AuditQuery;
  events: AuditEvent[];
  /** How many events the table shows. */
  shown: number;
  /** Why the trail could not load: a translation key. */
  loadError: string | null;
}

export type AuditTrailEvent =
  | { type: 'vendor.selected'; vendorId: string }
  | { type: 'filter.changed'; filter: AuditQuery }
  | { type: 'more.requested' }
  | { type: 'export.requested' }
  | { type: 'retry.requested' };

export const AUDIT_TOAST_TOPIC = 'audit';

const fresh = { events: [], shown: AUDIT_PAGE_SIZE, loadError: null };
const list = vendorListParts<AuditTrailContext, AuditTrailEvent>(fresh);

export const auditTrailMachine = setup({
  types: {
    context: {} as AuditTrailContext,
    events: {} as AuditTrailEvent,
    input: {} as { vendorId: string; filter?: AuditQuery },
  },
  actors: {
    listEvents: promiseNotProvided<AuditEvent[], { vendorId: string; filter: AuditQuery }>('listEvents'),
    downloadCsv: promiseNotProvided<{ file: Blob; fileName: string }, { vendorId: string; filter: AuditQuery }>('downloadCsv'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    saveFile: (_, _params: { file: Blob; fileName: string }) => {},
    selectVendor: list.selectVendor,
  },
  guards: {
    otherVendor: list.otherVendor,
    moreToShow: ({ context }) => context.shown < context.events.length,
  },
}).createMachine({
  id: 'auditTrail',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, filter: input.filter ?? {}, ...fresh }),
  on: {
    ...list.vendorSelection,
    // A new filter replaces the answer under way, whatever state the page is in.
    'filter.changed': { target: '.loading', reenter: true, actions: assign(({ event }) => ({ filter: event.filter, ...fresh })) },
  },
  states: {
    ...list.loadingStates({
      actor: 'listEvents',
      input: ({ context }) => ({ vendorId: context.vendorId, filter: context.filter }),
      loaded: (events: AuditEvent[]) => ({ events }),
    }),
    ready: {
      on: {
        'more.requested': { guard: 'moreToShow', actions: assign({ shown: ({ context }) => context.shown + AUDIT_PAGE_SIZE }) },
        'export.requested': { target: 'exporting' },
      },
    },
    exporting: {
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        input: ({ context }) => ({ vendorId: context.vendorId, filter: context.filter }),
        onDone: { target: 'ready', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'toast', params: ({ event }) => ({ kind: 'error', message: errorMessageOf(event.error, 'error.offline'), topic: AUDIT_TOAST_TOPIC }) } },
      },
    },
  },
});
