import { assign, setup } from 'xstate';
import type { RecurringRuleBody, RecurringScheduleBody, RecurringScheduleView } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';
import { vendorListParts } from './vendorList';

// Saved templates → Recurring orders: the selected vendor's schedules with their latest runs. Loads
// the list (a failure offers a retry); creates a schedule from a template or changes a schedule's
// rule (days, time, last day; the server's refusal is kept for the dialog, translated); pauses and
// resumes a schedule; deletes one after the user confirms. The list follows only what the server
// confirmed; a refused pause, resume or delete is an error toast. Choosing another vendor loads its
// schedules afresh (vendorList.ts). Calls and toast are provided by the app.

export interface RecurringOrdersContext {
  vendorId: string;
  schedules: RecurringScheduleView[];
  /** Why the list could not load: a translation key. */
  loadError: string | null;
  /** Why the last create or edit was refused (the dialog shows it): a translation key. */
  saveError: string | null;
  /** The schedule just created or changed, until the dialog is opened again (the dialog closes on it). */
  saved: string | null;
  /** The schedule being paused, resumed or deleted, or awaiting the user's confirmation of a delete. */
  pending: string | null;
}

export type RecurringOrdersEvent =
  | { type: 'vendor.selected'; vendorId: string }
  | { type: 'retry.requested' }
  | { type: 'form.opened' }
  | { type: 'create.submitted'; schedule: RecurringScheduleBody }
  | { type: 'edit.submitted'; scheduleId: string; rule: RecurringRuleBody }
  | { type: 'pause.requested'; scheduleId: string }
  | { type: 'resume.requested'; scheduleId: string }
  | { type: 'delete.requested'; scheduleId: string }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' };

/** Refused changes share one topic, so a second failure replaces the first. */
export const RECURRING_TOAST_TOPIC = 'recurring-orders';

export const recurringErrorToast = (error: unknown): ToastParams => ({ kind: 'error', message: errorMessageOf(error, 'error.offline'), topic: RECURRING_TOAST_TOPIC });

/** The list with `schedule` in place of the one of the same id, or first when it is new. */
export function withSchedule(schedules: readonly RecurringScheduleView[], schedule: RecurringScheduleView): RecurringScheduleView[] {
  const known = schedules.some((one) => one.schedule_id === schedule.schedule_id);
  return known ? schedules.map((one) => (one.schedule_id === schedule.schedule_id ? schedule : one)) : [schedule, ...schedules];
}

const scheduleIdOf = (event: RecurringOrdersEvent) => ('scheduleId' in event ? event.scheduleId : null);
const fresh = { schedules: [], loadError: null, saveError: null, saved: null, pending: null };
const list = vendorListParts<RecurringOrdersContext, RecurringOrdersEvent>(fresh);

export const recurringOrdersMachine = setup({
  types: {
    context: {} as RecurringOrdersContext,
    events: {} as RecurringOrdersEvent,
    input: {} as { vendorId: string },
  },
  actors: {
    listSchedules: promiseNotProvided<RecurringScheduleView[], { vendorId: string }>('listSchedules'),
    createSchedule: promiseNotProvided<RecurringScheduleView, { vendorId: string; schedule: RecurringScheduleBody }>('createSchedule'),
    updateSchedule: promiseNotProvided<RecurringScheduleView, { vendorId: string; scheduleId: string; rule: RecurringRuleBody }>('updateSchedule'),
    setPaused: promiseNotProvided<RecurringScheduleView, { vendorId: string; scheduleId: string; paused: boolean }>('setPaused'),
    deleteSchedule: promiseNotProvided<true, { vendorId: string; scheduleId: string }>('deleteSchedule'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    selectVendor: list.selectVendor,
  },
  guards: {
    otherVendor: list.otherVendor,
  },
}).createMachine({
  id: 'recurringOrders',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, ...fresh }),
  on: list.vendorSelection,
  states: {
    ...list.loadingStates({
      actor: 'listSchedules',
      input: ({ context }) => ({ vendorId: context.vendorId }),
      loaded: (schedules: RecurringScheduleView[]) => ({ schedules }),
    }),
    ready: {
      on: {
        'form.opened': { actions: assign({ saveError: null, saved: null }) },
        'create.submitted': { target: 'creating', actions: assign({ saveError: null, saved: null }) },
        'edit.submitted': { target: 'updating', actions: assign({ saveError: null, saved: null, pending: ({ event }) => scheduleIdOf(event) }) },
        'pause.requested': { target: 'pausing', actions: assign({ pending: ({ event }) => scheduleIdOf(event) }) },
        'resume.requested': { target: 'resuming', actions: assign({ pending: ({ event }) => scheduleIdOf(event) }) },
        'delete.requested': { target: 'confirmingDelete', actions: assign({ pending: ({ event }) => scheduleIdOf(event) }) },
      },
    },
    creating: {
      invoke: {
        id: 'createSchedule',
        src: 'createSchedule',
        input: ({ context, event }) => ({ vendorId: context.vendorId, schedule: (event as Extract<RecurringOrdersEvent, { type: 'create.submitted' }>).schedule }),
        onDone: {
          target: 'ready',
          actions: assign({ schedules: ({ context, event }) => withSchedule(context.schedules, event.output), saved: ({ event }) => event.output.schedule_id }),
        },
        // Never retried (a lost answer may mean the schedule exists): the dialog says why, the user decides.
        onError: { target: 'ready', actions: assign({ saveError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    updating: {
      invoke: {
        id: 'updateSchedule',
        src: 'updateSchedule',
        input: ({ context, event }) => ({ vendorId: context.vendorId, scheduleId: context.pending ?? '', rule: (event as Extract<RecurringOrdersEvent, { type: 'edit.submitted' }>).rule }),
        onDone: {
          target: 'ready',
          actions: assign({ schedules: ({ context, event }) => withSchedule(context.schedules, event.output), saved: ({ event }) => event.output.schedule_id, pending: null }),
        },
        // As a create: the dialog stays open with the reason; the schedule keeps its old rule.
        onError: { target: 'ready', actions: assign({ saveError: ({ event }) => errorMessageOf(event.error, 'error.offline'), pending: null }) },
      },
    },
    pausing: {
      invoke: {
        id: 'pauseSchedule',
        src: 'setPaused',
        input: ({ context }) => ({ vendorId: context.vendorId, scheduleId: context.pending ?? '', paused: true }),
        onDone: { target: 'ready', actions: assign({ schedules: ({ context, event }) => withSchedule(context.schedules, event.output), pending: null }) },
        onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'toast', params: ({ event }) => recurringErrorToast(event.error) }] },
      },
    },
    resuming: {
      invoke: {
        id: 'resumeSchedule',
        src: 'setPaused',
        input: ({ context }) => ({ vendorId: context.vendorId, scheduleId: context.pending ?? '', paused: false }),
        onDone: { target: 'ready', actions: assign({ schedules: ({ context, event }) => withSchedule(context.schedules, event.output), pending: null }) },
        onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'toast', params: ({ event }) => recurringErrorToast(event.error) }] },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirmed': { target: 'deleting' },
        'delete.cancelled': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteSchedule',
        src: 'deleteSchedule',
        input: ({ context }) => ({ vendorId: context.vendorId, scheduleId: context.pending ?? '' }),
        onDone: { target: 'ready', actions: assign({ schedules: ({ context }) => context.schedules.filter((one) => one.schedule_id !== context.pending), pending: null }) },
        onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'toast', params: ({ event }) => recurringErrorToast(event.error) }] },
      },
    },
  },
});
