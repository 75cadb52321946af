// The log of recipient messages (notification_messages): one row per order, event and channel, so a
// message goes out once however often its status is announced; also what the order detail lists
// and what the per-recipient throttle counts.
import type { SentNotification } from '../../domain/api';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, THROTTLE_WINDOW_S, type NotificationChannel, type NotificationEvent } from '../../domain/recipientNotifications';
import type { Db } from '../db/connect';

/** A message's outcome as stored: the wire outcomes plus `sending` while the provider has it. */
export type StoredOutcome = SentNotification['outcome'];

export const messageKeyOf = (orderId: string, event: NotificationEvent, channel: NotificationChannel): string => `${orderId}:${event}:${channel}`;

export interface LoggedMessage {
  orderId: string;
  vendorId: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  recipient: string;
}

export async function loggedOutcome(db: Db, messageKey: string): Promise<StoredOutcome | null> {
  const row = await db.selectFrom('notification_messages').select('outcome').where('message_key', '=', messageKey).executeTakeFirst();
  return (row?.outcome as StoredOutcome | undefined) ?? null;
}

export async function recordOutcome(db: Db, message: LoggedMessage, outcome: StoredOutcome, nowS: number): Promise<void> {
  const values = { recipient: message.recipient, outcome, created_at: nowS };
  await db.insertInto('notification_messages')
    .values({ message_key: messageKeyOf(message.orderId, message.event, message.channel), order_id: message.orderId, vendor_id: message.vendorId, event: message.event, channel: message.channel, ...values })
    .onConflict((oc) => oc.column('message_key').doUpdateSet(values))
    .execute();
}

/** When the vendor's messages to `recipient` went out within the throttle window (unix seconds). */
export async function recentSends(db: Db, vendorId: string, recipient: string, nowS: number): Promise<number[]> {
  const rows = await db.selectFrom('notification_messages').select('created_at')
    .where('vendor_id', '=', vendorId).where('recipient', '=', recipient).where('outcome', '=', 'sent')
    .where('created_at', '>', nowS - THROTTLE_WINDOW_S)
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** An order's messages for its detail, oldest first; rows of unknown events or channels are left out. */
export async function messagesOfOrder(db: Db, orderId: string): Promise<SentNotification[]> {
  const rows = await db.selectFrom('notification_messages').select(['event', 'channel', 'outcome', 'created_at'])
    .where('order_id', '=', orderId).orderBy('created_at').orderBy('message_key').execute();
  return rows.flatMap((row) => {
    const event = NOTIFICATION_EVENTS.find((known) => known === row.event);
    const channel = NOTIFICATION_CHANNELS.find((known) => known === row.channel);
    return event && channel ? [{ event, channel, outcome: row.outcome as StoredOutcome, at: Number(row.created_at) }] : [];
  });
}
