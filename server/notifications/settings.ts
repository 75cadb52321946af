// An outlet's recipient-notification settings in the database (migration 010). No row: nothing is sent.
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_EVENTS, normaliseNotificationSettings, type NotificationEvent, type RecipientNotificationSettings } from '../../domain/recipientNotifications';
import type { Db } from '../db/connect';

/** Events from a stored JSON list; anything unknown (an older or newer version's event) is dropped. */
function eventsOf(json: string): NotificationEvent[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? NOTIFICATION_EVENTS.filter((event) => parsed.includes(event)) : [];
}

export async function readNotificationSettings(db: Db, vendorId: string): Promise<RecipientNotificationSettings> {
  const row = await db.selectFrom('notification_settings').select(['email_events', 'sms_events']).where('vendor_id', '=', vendorId).executeTakeFirst();
  return row ? { email: eventsOf(row.email_events), sms: eventsOf(row.sms_events) } : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function writeNotificationSettings(db: Db, vendorId: string, settings: RecipientNotificationSettings, nowS: number): Promise<RecipientNotificationSettings> {
  const tidy = normaliseNotificationSettings(settings);
  const values = { email_events: JSON.stringify(tidy.email), sms_events: JSON.stringify(tidy.sms), updated_at: nowS };
  await db.insertInto('notification_settings').values({ vendor_id: vendorId, ...values })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet(values))
    .execute();
  return tidy;
}
