// Recurring orders: saved templates placed on a schedule.
import type { RecurringScheduleView } from '../../../domain/api';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function recurringCalls({ result }: CallHelpers): AreaCalls<'recurring'> {
  const schedules = (vendorId: string) => `/vendor/${segment(vendorId)}/recurring-orders`;
  return {
    listRecurringOrders: (vendorId) =>
      result<RecurringScheduleView[]>({ service: 'orders', method: 'GET', path: schedules(vendorId), retries: 1 }),
    createRecurringOrder: (vendorId, schedule) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'POST', path: schedules(vendorId), body: schedule }),
    updateRecurringOrder: (vendorId, scheduleId, rule) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'PUT', path: `${schedules(vendorId)}/${segment(scheduleId)}`, body: rule }),
    setRecurringOrderPaused: (vendorId, scheduleId, paused) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'POST', path: `${schedules(vendorId)}/${segment(scheduleId)}/${paused ? 'pause' : 'resume'}`, body: {} }),
    deleteRecurringOrder: async (vendorId, scheduleId) => {
      await result<boolean>({ service: 'orders', method: 'DELETE', path: `${schedules(vendorId)}/${segment(scheduleId)}` });
    },
  };
}
