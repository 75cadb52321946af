// Which webhook events one entry of an order's status history stands for (issue #25): the first
// entry is the order's creation; every later one is a status change, and also a cancellation
// (CANCELLED) or a rider assigned (ASSIGNED_TO_TRANSPORT, when the courier platform names a rider).
import type { WebhookEventType } from './api/webhooks';
import type { OrderStatus } from './types';

export function webhookEventsOfHistoryEntry(index: number, status: OrderStatus): WebhookEventType[] {
  if (index === 0) return ['order.created'];
  const events: WebhookEventType[] = ['order.status_changed'];
  if (status === 'CANCELLED') events.push('order.cancelled');
  if (status === 'ASSIGNED_TO_TRANSPORT') events.push('order.rider_assigned');
  return events;
}
