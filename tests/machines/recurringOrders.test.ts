import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { RecurringRuleBody, RecurringScheduleBody, RecurringScheduleView } from '../../adapters/ports';
import { RECURRING_TOAST_TOPIC, recurringOrdersMachine, type RecurringOrdersContext, type RecurringOrdersEvent } from '../../machines';
import { listReadOncePerLoad, sameVendorAgain, withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, isError, type EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const schedule = (id: string, status: RecurringScheduleView['status'] = 'active'): RecurringScheduleView => ({
  schedule_id: id, vendor_id: 'v-1', template_id: 'tpl-1', template_name: 'Morning bread', repeat: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5] },
  time: '09:30', time_zone: 'Asia/Riyadh', starts_on: '2026-11-27', until: null, status, next_run_at: status === 'active' ? 1_800_000_000 : null,
  created_by: 'owner@example.com', created_at: 1, updated_at: 1, last_runs: [],
});
const LIST = [schedule('s-1'), schedule('s-2', 'paused')];
const BODY: RecurringScheduleBody = { template_id: 'tpl-1', repeat: { kind: 'weekly', weekdays: [1] }, time: '08:00', starts_on: '2026-11-27', until: null };
/** An edit to day 31 of each month (month-end runs on the last day), until a last day. */
const MONTHLY: RecurringRuleBody = { repeat: { kind: 'monthly', day_of_month: 31 }, time: '07:45', time_zone: 'Asia/Riyadh', starts_on: '2026-11-27', until: '2027-06-30' };
/** The schedule as the server answers an edit of it to MONTHLY. */
const editedTo = (id: string, rule: RecurringRuleBody = MONTHLY): RecurringScheduleView => ({ ...schedule(id), repeat: rule.repeat, time: rule.time, until: rule.until });

/** An error as the API client throws it: the API's translation key beside the transport's text. */
const apiError = (translationKey: string, text = translationKey) => Object.assign(new Error(text), { translationKey });

/** The machine over an in-memory server that records what reached it. */
function start(options: { listFails?: boolean; createFails?: string; changeFails?: boolean } = {}) {
  const created: { vendorId: string; schedule: RecurringScheduleBody }[] = [];
  const updated: { vendorId: string; scheduleId: string; rule: RecurringRuleBody }[] = [];
  const paused: { vendorId: string; scheduleId: string; paused: boolean }[] = [];
  const deleted: { vendorId: string; scheduleId: string }[] = [];
  const toasts: unknown[] = [];
  const loads: string[] = [];
  const machine = recurringOrdersMachine.provide({
    actions: { toast: (_, params) => void toasts.push(params) },
    actors: {
      listSchedules: fromPromise<RecurringScheduleView[], { vendorId: string }>(async ({ input }) => {
        loads.push(input.vendorId);
        if (options.listFails && loads.length === 1) throw apiError('error.server');
        return LIST;
      }),
      createSchedule: fromPromise<RecurringScheduleView, { vendorId: string; schedule: RecurringScheduleBody }>(async ({ input }) => {
        if (options.createFails) throw apiError(options.createFails);
        created.push(input);
        return schedule('s-new');
      }),
      updateSchedule: fromPromise<RecurringScheduleView, { vendorId: string; scheduleId: string; rule: RecurringRuleBody }>(async ({ input }) => {
        if (options.createFails) throw apiError(options.createFails);
        updated.push(input);
        return editedTo(input.scheduleId, input.rule);
      }),
      setPaused: fromPromise<RecurringScheduleView, { vendorId: string; scheduleId: string; paused: boolean }>(async ({ input }) => {
        if (options.changeFails) throw apiError('error.role-forbidden');
        paused.push(input);
        return schedule(input.scheduleId, input.paused ? 'paused' : 'active');
      }),
      deleteSchedule: fromPromise<true, { vendorId: string; scheduleId: string }>(async ({ input }) => {
        if (options.changeFails) throw apiError('error.role-forbidden');
        deleted.push(input);
        return true;
      }),
    },
  });
  const actor = createActor(machine, { input: { vendorId: 'v-1' } }).start();
  return { actor, created, updated, paused, deleted, toasts, loads };
}

describe('recurringOrders: spec', () => {
  it('loads the schedules and creates one from a template; the new schedule is listed first', async () => {
    const { actor, created } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', schedule: BODY });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.saved !== null);
    expect(created).toEqual([{ vendorId: 'v-1', schedule: BODY }]);
    expect(after.context.schedules.map((one) => one.schedule_id)).toEqual(['s-new', 's-1', 's-2']);
  });

  it('keeps the server\'s refusal of a schedule for the dialog, and clears it when the dialog opens again', async () => {
    const { actor } = start({ createFails: 'recurring.error.template-not-found' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.submitted', schedule: BODY });
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.saveError !== null);
    expect(refused.context.saveError).toBe('recurring.error.template-not-found');
    actor.send({ type: 'form.opened' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  it('changes a schedule\'s rule (monthly, day 31, until a last day) to what the server answered, in place', async () => {
    const { actor, updated } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'form.opened' });
    actor.send({ type: 'edit.submitted', scheduleId: 's-2', rule: MONTHLY });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.saved !== null);
    expect(updated).toEqual([{ vendorId: 'v-1', scheduleId: 's-2', rule: MONTHLY }]);
    expect(after.context.saved).toBe('s-2');
    expect(after.context.schedules.map((one) => one.schedule_id)).toEqual(['s-1', 's-2']);
    expect(after.context.schedules[1]).toMatchObject({ repeat: { kind: 'monthly', day_of_month: 31 }, time: '07:45', until: '2027-06-30' });
    expect(after.context.pending).toBeNull();
  });

  it('keeps a refused edit\'s reason for the dialog and the schedule\'s old rule', async () => {
    const { actor, updated } = start({ createFails: 'recurring.error.no-runs' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'edit.submitted', scheduleId: 's-1', rule: MONTHLY });
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.saveError !== null);
    expect(refused.context.saveError).toBe('recurring.error.no-runs');
    expect(refused.context.saved).toBeNull();
    expect(refused.context.schedules).toEqual(LIST);
    expect(updated).toEqual([]);
  });

  it('pauses and resumes a schedule with what the server answered', async () => {
    const { actor, paused } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pause.requested', scheduleId: 's-1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.schedules[0]?.status === 'paused');
    actor.send({ type: 'resume.requested', scheduleId: 's-2' });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.schedules[1]?.status === 'active');
    expect(paused).toEqual([{ vendorId: 'v-1', scheduleId: 's-1', paused: true }, { vendorId: 'v-1', scheduleId: 's-2', paused: false }]);
    expect(after.context.schedules[1]?.next_run_at).not.toBeNull();
  });

  it('deletes only once the user confirms; cancelling keeps the schedule and calls nothing', async () => {
    const { actor, deleted } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'delete.requested', scheduleId: 's-1' });
    actor.send({ type: 'delete.cancelled' });
    expect(deleted).toEqual([]);
    expect(actor.getSnapshot().context.schedules).toHaveLength(2);
    actor.send({ type: 'delete.requested', scheduleId: 's-1' });
    actor.send({ type: 'delete.confirmed' });
    const after = await waitFor(actor, (s) => s.matches('ready') && s.context.schedules.length === 1);
    expect(deleted).toEqual([{ vendorId: 'v-1', scheduleId: 's-1' }]);
    expect(after.context.schedules.map((one) => one.schedule_id)).toEqual(['s-2']);
  });

  it('toasts a refused pause or delete and keeps the list as it was', async () => {
    const { actor, toasts } = start({ changeFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pause.requested', scheduleId: 's-1' });
    await waitFor(actor, (s) => s.matches('ready') && toasts.length === 1);
    actor.send({ type: 'delete.requested', scheduleId: 's-1' });
    actor.send({ type: 'delete.confirmed' });
    const after = await waitFor(actor, (s) => s.matches('ready') && toasts.length === 2);
    expect(toasts).toEqual([
      { kind: 'error', message: 'error.role-forbidden', topic: RECURRING_TOAST_TOPIC },
      { kind: 'error', message: 'error.role-forbidden', topic: RECURRING_TOAST_TOPIC },
    ]);
    expect(after.context.schedules).toEqual(LIST);
  });

  it('retries a failed load, and loads another vendor\'s schedules when it is selected', async () => {
    const { actor, loads } = start({ listFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry.requested' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'vendor.selected', vendorId: 'v-2' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.vendorId === 'v-2');
    expect(loads).toEqual(['v-1', 'v-1', 'v-2']);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through load, create, pause, resume, delete (confirmed or cancelled), another
// vendor and retry, with each call answering or failing.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as RecurringOrdersContext | undefined;
const shownKeyOf = (error: unknown) => (error as { translationKey?: string }).translationKey ?? 'error.offline';
/** A failure with nothing to show (the connection dropped before any answer): the offline text's key. */
const silentFailure = new TypeError('');
const errorOf = (event: unknown) => (event as { error: unknown }).error;

const oracles: EffectOracle[] = [
  {
    rule: 'issue 27: the list changes only when the server confirmed a change, by exactly that change',
    step: ({ event, before, after }) => {
      const was = contextOf(before)?.schedules ?? [];
      const now = contextOf(after)?.schedules ?? [];
      const pending = contextOf(before)?.pending;
      if (event.type === 'xstate.done.actor.listSchedules' || (event.type === 'vendor.selected' && after.matches('loading'))) return;
      if (event.type === 'xstate.done.actor.deleteSchedule') expect(now).toEqual(was.filter((one) => one.schedule_id !== pending));
      else if (event.type === 'xstate.done.actor.createSchedule' || event.type === 'xstate.done.actor.updateSchedule' || event.type === 'xstate.done.actor.pauseSchedule' || event.type === 'xstate.done.actor.resumeSchedule') {
        const answer = (event as unknown as { output: RecurringScheduleView }).output;
        expect(now.find((one) => one.schedule_id === answer.schedule_id)).toEqual(answer);
        expect(now.filter((one) => one.schedule_id !== answer.schedule_id)).toEqual(was.filter((one) => one.schedule_id !== answer.schedule_id));
      } else expect(now).toEqual(was);
    },
  },
  {
    rule: 'issue 27: a schedule is deleted only after the user confirmed it, and the one the user chose',
    path: (steps) => {
      const confirmed = steps.filter((view) => view.event.type === 'delete.confirmed' && view.after.matches('deleting')).length;
      expect(steps.at(-1)?.replay.started.deleteSchedule ?? []).toHaveLength(confirmed);
    },
  },
  {
    rule: 'issue 27: a schedule is created, or its rule changed, once per submitted form, never retried; a refusal is kept for the dialog, translated',
    path: (steps) => {
      const accepted = steps.filter((view) => view.event.type === 'create.submitted' && view.after.matches('creating')).length;
      expect(steps.at(-1)?.replay.started.createSchedule ?? []).toHaveLength(accepted);
      // Each edit reaches the server once, for the schedule the user chose, with the rule the form held.
      const edits = steps.filter((view) => view.event.type === 'edit.submitted' && view.after.matches('updating')).map(({ event, before }) => {
        const { scheduleId, rule } = event as Extract<RecurringOrdersEvent, { type: 'edit.submitted' }>;
        return { vendorId: contextOf(before)?.vendorId, scheduleId, rule };
      });
      expect(steps.at(-1)?.replay.started.updateSchedule ?? []).toEqual(edits);
    },
    step: ({ event, after }) => {
      if (event.type === 'xstate.error.actor.createSchedule' || event.type === 'xstate.error.actor.updateSchedule') {
        expect(after.matches('ready')).toBe(true);
        expect(contextOf(after)?.saveError).toBe(shownKeyOf(errorOf(event)));
      }
      if (event.type === 'xstate.done.actor.createSchedule' || event.type === 'xstate.done.actor.updateSchedule') {
        expect(contextOf(after)?.saved).toBe((event as unknown as { output: RecurringScheduleView }).output.schedule_id);
      }
      const reason = contextOf(after)?.saveError;
      if (reason) expect(catalogue[reason], `${reason} is in the catalogue`).toBeDefined();
    },
  },
  effectExactlyWhen(
    'issue 27: a refused pause, resume or delete shows an error toast with its translated reason; nothing else toasts',
    'toast',
    (view) => isError('pauseSchedule')(view) || isError('resumeSchedule')(view) || isError('deleteSchedule')(view),
    (view) => {
      const key = shownKeyOf(errorOf(view.event));
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
      return { kind: 'error', message: key, topic: RECURRING_TOAST_TOPIC };
    },
  ),
  listReadOncePerLoad('listSchedules'),
];

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { schedules, vendorId, pending, saved } = snapshot.context as RecurringOrdersContext;
  // One schedule edited, from a form not yet saved: enough for every edit path without multiplying the rest.
  const editable = saved === null ? schedules.find((one) => one.schedule_id === 's-1' && one.repeat.kind === 'weekly') : undefined;
  const active = schedules.find((one) => one.status === 'active');
  const paused = schedules.find((one) => one.status === 'paused');
  return [
    ...(vendorId === 'v-1' ? [{ type: 'vendor.selected', vendorId: 'v-2' }] : []),
    { type: 'retry.requested' },
    { type: 'form.opened' },
    ...(schedules.some((one) => one.schedule_id === 's-new') ? [] : [{ type: 'create.submitted', schedule: BODY }]),
    ...(active ? [{ type: 'pause.requested', scheduleId: active.schedule_id }] : []),
    ...(paused ? [{ type: 'resume.requested', scheduleId: paused.schedule_id }] : []),
    ...(editable ? [{ type: 'edit.submitted', scheduleId: editable.schedule_id, rule: MONTHLY }] : []),
    ...(schedules[0] ? [{ type: 'delete.requested', scheduleId: schedules[0].schedule_id }] : []),
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
    { type: 'xstate.done.actor.listSchedules', output: LIST },
    { type: 'xstate.error.actor.listSchedules', error: apiError('error.server') },
    { type: 'xstate.done.actor.createSchedule', output: schedule('s-new') },
    { type: 'xstate.error.actor.createSchedule', error: apiError('error.role-forbidden') },
    { type: 'xstate.error.actor.createSchedule', error: silentFailure },
    ...(pending ? [{ type: 'xstate.done.actor.updateSchedule', output: editedTo(pending) }] : []),
    { type: 'xstate.error.actor.updateSchedule', error: apiError('recurring.error.no-runs') },
    { type: 'xstate.error.actor.updateSchedule', error: silentFailure },
    ...(active ? [{ type: 'xstate.done.actor.pauseSchedule', output: schedule(active.schedule_id, 'paused') }] : []),
    { type: 'xstate.error.actor.pauseSchedule', error: apiError('error.role-forbidden') },
    ...(paused ? [{ type: 'xstate.done.actor.resumeSchedule', output: schedule(paused.schedule_id, 'active') }] : []),
    { type: 'xstate.error.actor.resumeSchedule', error: silentFailure },
    { type: 'xstate.done.actor.deleteSchedule', output: true },
    { type: 'xstate.error.actor.deleteSchedule', error: apiError('error.not-found') },
  ];
};

const model: PathModel = {
  machine: recurringOrdersMachine,
  input: { vendorId: 'v-1' },
  strategy: 'shortest',
  effects: ['toast'],
  oracles,
  events,
  serializeState: (snapshot) => {
    const context = snapshot.context as RecurringOrdersContext;
    return JSON.stringify([snapshot.value, context.vendorId, context.schedules.map((one) => [one.schedule_id, one.status]), context.saveError, context.saved, context.pending]);
  },
};

const generated: ModelPath[] = generatePaths(model);
/** The vendor on screen chosen again (a picker re-sends its value), which the traversal never sends: nothing loads again. */
const paths: ModelPath[] = [...generated, ...withIgnoredStep(generated, sameVendorAgain)];

describe('recurringOrders: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        const context = snapshot.context as RecurringOrdersContext;
        // Each call acts on the schedule the user chose, at the selected vendor.
        if (snapshot.matches('pausing')) expect(replay.started.pauseSchedule?.at(-1)).toEqual({ vendorId: context.vendorId, scheduleId: context.pending, paused: true });
        if (snapshot.matches('resuming')) expect(replay.started.resumeSchedule?.at(-1)).toEqual({ vendorId: context.vendorId, scheduleId: context.pending, paused: false });
        if (snapshot.matches('deleting')) expect(replay.started.deleteSchedule?.at(-1)).toEqual({ vendorId: context.vendorId, scheduleId: context.pending });
        if (snapshot.matches('updating')) expect(replay.started.updateSchedule?.at(-1)).toEqual({ vendorId: context.vendorId, scheduleId: context.pending, rule: MONTHLY });
        if (snapshot.matches('creating')) expect(replay.started.createSchedule?.at(-1)).toEqual({ vendorId: context.vendorId, schedule: BODY });
        if (snapshot.matches('ready')) expect(context.pending).toBeNull();
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('recurringOrders', paths));
});
