import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, RecurringRuleBody, RecurringScheduleBody, RecurringScheduleView } from '../../../adapters/ports';
import { recurringOrdersMachine } from '../../../machines/recurringOrders';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';

/** A vendor's recurring orders with their effects: the schedule calls of the API client, the toasts. */
export function provideRecurringOrders(api: ApiClient, toast: (params: ToastParams) => void) {
  return recurringOrdersMachine.provide({
    actions: { toast: (_, params) => toast(params) },
    actors: {
      listSchedules: fromPromise<RecurringScheduleView[], { vendorId: string }>(({ input }) => api.listRecurringOrders(input.vendorId)),
      createSchedule: fromPromise<RecurringScheduleView, { vendorId: string; schedule: RecurringScheduleBody }>(({ input }) =>
        api.createRecurringOrder(input.vendorId, input.schedule),
      ),
      updateSchedule: fromPromise<RecurringScheduleView, { vendorId: string; scheduleId: string; rule: RecurringRuleBody }>(({ input }) =>
        api.updateRecurringOrder(input.vendorId, input.scheduleId, input.rule),
      ),
      setPaused: fromPromise<RecurringScheduleView, { vendorId: string; scheduleId: string; paused: boolean }>(({ input }) =>
        api.setRecurringOrderPaused(input.vendorId, input.scheduleId, input.paused),
      ),
      deleteSchedule: fromPromise<true, { vendorId: string; scheduleId: string }>(async ({ input }) => {
        await api.deleteRecurringOrder(input.vendorId, input.scheduleId);
        return true;
      }),
    },
  });
}

/** The schedules of one vendor (another vendor starts a new actor: key the caller by vendor). */
export function useRecurringOrders(api: ApiClient, vendorId: string) {
  const { show } = useToasts();
  const machine = useMemo(() => provideRecurringOrders(api, show), [api, show]);
  return useActorRef(machine, { ...inspectOptions(), input: { vendorId } });
}
