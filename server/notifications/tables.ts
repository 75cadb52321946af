// Tables of migration 010-recipient-notifications. server/db/schema.ts's Database includes them.

/** One row per outlet that chose its recipient messages; an outlet without a row sends none. */
export interface NotificationSettingsTable {
  vendor_id: string;
  /** JSON array of NotificationEvent sent by e-mail. */
  email_events: string;
  /** JSON array of NotificationEvent sent by SMS. */
  sms_events: string;
  updated_at: number;
}

/** Every message to a recipient, sent or held back; `message_key` = `{order_id}:{event}:{channel}`. */
export interface NotificationMessagesTable {
  message_key: string;
  order_id: string;
  vendor_id: string;
  event: string;
  channel: string;
  /** The normalised e-mail address or E.164 number ('' when the order had none). */
  recipient: string;
  /** NotificationOutcome: sent | opted-out | throttled | no-address | failed. */
  outcome: string;
  created_at: number;
}

/** An address or number that asked the vendor for no more messages. */
export interface NotificationOptOutsTable {
  vendor_id: string;
  recipient: string;
  created_at: number;
}
