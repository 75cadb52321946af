// Recipient notifications (Settings → Notifications): the outlet's settings as read and
// written, and a message as the order detail lists it ("SMS sent 12:31").
import { Type, type Static } from 'typebox';
import { NOTIFICATION_EVENTS, type NotificationChannel, type NotificationEvent } from '../recipientNotifications';
import { StrictObject } from './envelope';
import { Order } from './orders';

export const NotificationEventName = Type.Union([
  Type.Literal('placed'), Type.Literal('on_the_way'), Type.Literal('near'), Type.Literal('delivered'), Type.Literal('cancelled'),
]);
export const NotificationChannelName = Type.Union([Type.Literal('email'), Type.Literal('sms')]);
// The wire names are the domain's, both ways (a compile error when one list changes alone).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventsMatch: Same<Static<typeof NotificationEventName>, NotificationEvent> = true;
const channelsMatch: Same<Static<typeof NotificationChannelName>, NotificationChannel> = true;
void eventsMatch;
void channelsMatch;

const EventList = Type.Array(NotificationEventName, { maxItems: NOTIFICATION_EVENTS.length, uniqueItems: true });

/** GET and PUT /vendor/{vendorId}/notification-settings: the events each channel sends to the recipient. */
export const NotificationSettingsBody = StrictObject({
  email: EventList,
  sms: EventList,
});
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

/** GET /vendor/{vendorId}/notification-settings/email-preview query: the event, and a language of the vendor's country (absent: its default). */
export const EmailPreviewQuery = StrictObject({
  event: NotificationEventName,
  language: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
});
export type EmailPreviewQuery = Static<typeof EmailPreviewQuery>;

/** The recipient's e-mail for that event as the server would send it, for the outlet, with sample links. */
export const EmailPreview = Type.Object({
  from: Type.String({ description: 'The From header of every recipient e-mail (MAIL_FROM, else the brand).' }),
  subject: Type.String(),
  text: Type.String({ description: 'The plain-text body, opt-out line included; the links are samples.' }),
  language: Type.String({ description: 'The locale the message is written in.' }),
});
export type EmailPreview = Static<typeof EmailPreview>;

/** What became of one message: with the provider now, sent, or held back and why. */
export const NotificationOutcome = Type.Union([
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('opted-out'),
  Type.Literal('throttled'),
  Type.Literal('no-address'),
  Type.Literal('failed'),
]);
export type NotificationOutcome = Static<typeof NotificationOutcome>;

/** One message of an order's log (the order detail). The address itself is not repeated. */
export const SentNotification = Type.Object({
  event: NotificationEventName,
  channel: NotificationChannelName,
  outcome: NotificationOutcome,
  at: Type.Integer({ description: 'Unix seconds: when it was sent or held back.' }),
});
export type SentNotification = Static<typeof SentNotification>;

/** GET /order answer: the order, and the messages sent to its recipient ("SMS sent 12:31"). */
export const OrderWithRecipientMessages = Type.Object({ ...Order.properties, recipient_messages: Type.Array(SentNotification) });
export type OrderWithRecipientMessages = Static<typeof OrderWithRecipientMessages>;
