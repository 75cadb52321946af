// Messages to the order's recipient: which order events an outlet announces, over which
// channels, in which language and how often. Pure rules shared by the server (sending) and the
// Settings → Notifications screen; the server stores and sends.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { countryConfig } from './countries';
import { isValidEmailAddress, normaliseEmailAddress } from './email';
import { isSupportedLocale, type Locale } from './locales';
import type { OrderStatus } from './types';

/** The events a recipient may hear of, in the order they happen. */
export const NOTIFICATION_EVENTS = ['placed', 'on_the_way', 'near', 'delivered', 'cancelled'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Per outlet: the events each channel sends. */
export interface RecipientNotificationSettings {
  email: NotificationEvent[];
  sms: NotificationEvent[];
}

/** Nothing is sent until the vendor chooses: a recipient never gets messages the vendor did not ask for. */
export const DEFAULT_NOTIFICATION_SETTINGS: RecipientNotificationSettings = { email: [], sms: [] };

/** The statuses that start each event. Pre-orders and payment steps announce nothing of their own. */
const EVENT_OF_STATUS: Partial<Record<OrderStatus, NotificationEvent>> = {
  NEW: 'placed',
  RECEIVED: 'placed',
  PICKED_UP: 'on_the_way',
  COURIER_LEFT_VENDOR: 'on_the_way',
  NEAR_CUSTOMER: 'near',
  DELIVERED: 'delivered',
  CANCELLED: 'cancelled',
};

/**
 * The event an order in `status` stands for, or null. Two statuses may map to one event (NEW and
 * RECEIVED are both "placed"); the sender keeps one message per order, event and channel.
 */
export function notificationEventOf(status: OrderStatus): NotificationEvent | null {
  return EVENT_OF_STATUS[status] ?? null;
}

/** Settings in a fixed order with no repeats, whatever order the screen or a client sent. */
export function normaliseNotificationSettings(settings: RecipientNotificationSettings): RecipientNotificationSettings {
  const tidy = (events: readonly NotificationEvent[]) => NOTIFICATION_EVENTS.filter((event) => events.includes(event));
  return { email: tidy(settings.email), sms: tidy(settings.sms) };
}

/** The channels that send `event` under `settings`. */
export function channelsFor(settings: RecipientNotificationSettings, event: NotificationEvent): NotificationChannel[] {
  return NOTIFICATION_CHANNELS.filter((channel) => settings[channel].includes(event));
}

/** The language of a message: the order's recipient language when the country offers it, else the country's default. */
export function recipientLanguage(orderLanguage: string | null | undefined, countryCode: string): Locale {
  const country = countryConfig(countryCode);
  if (orderLanguage && isSupportedLocale(orderLanguage) && country.languages.includes(orderLanguage)) return orderLanguage;
  return country.defaultLanguage;
}

/** The recipient's number in E.164 (`+966501234567`), read in the vendor's country when it has no prefix; null when it is no valid number. */
export function recipientPhoneE164(phone: string, countryCode: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), countryCode.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** The recipient's e-mail address in the shared spelling (domain/email.ts), or null when it is not deliverable. */
export function recipientEmailAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const address = normaliseEmailAddress(raw);
  return isValidEmailAddress(address) ? address : null;
}

/** At most this many messages reach one address or number from one vendor in THROTTLE_WINDOW_S. */
export const THROTTLE_LIMIT = 10;
export const THROTTLE_WINDOW_S = 60 * 60;

/**
 * Whether another message to a recipient would be too many: `sentAt` are the unix seconds of the
 * messages already sent to them by the vendor. One order sends at most five per channel, so only a
 * flood of orders to one person (a mistake or abuse) is held back.
 */
export function isThrottled(sentAt: readonly number[], nowS: number, limit = THROTTLE_LIMIT, windowS = THROTTLE_WINDOW_S): boolean {
  return sentAt.filter((at) => at > nowS - windowS && at <= nowS).length >= limit;
}
