// Recipient notifications (issue 26): which status announces which event, the message language,
// E.164 numbers, the shared e-mail rule and the per-recipient throttle.
import { describe, expect, it } from 'vitest';
import {
  channelsFor, isThrottled, normaliseNotificationSettings, notificationEventOf, recipientEmailAddress, recipientLanguage, recipientPhoneE164,
  THROTTLE_LIMIT, THROTTLE_WINDOW_S,
} from '../../domain/recipientNotifications';

describe('notificationEventOf', () => {
  it('maps the statuses the recipient cares about to the five events', () => {
    expect(notificationEventOf('NEW')).toBe('placed');
    expect(notificationEventOf('RECEIVED')).toBe('placed');
    expect(notificationEventOf('PICKED_UP')).toBe('on_the_way');
    expect(notificationEventOf('NEAR_CUSTOMER')).toBe('near');
    expect(notificationEventOf('DELIVERED')).toBe('delivered');
    expect(notificationEventOf('CANCELLED')).toBe('cancelled');
  });

  it('announces nothing for the steps in between', () => {
    for (const status of ['WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'NEAR_VENDOR', 'PAYMENT_INITIATED', 'RETURNED_TO_VENDOR'] as const) {
      expect(notificationEventOf(status), status).toBeNull();
    }
  });
});

describe('settings', () => {
  it('keep the events in their natural order without repeats', () => {
    expect(normaliseNotificationSettings({ email: ['delivered', 'placed', 'placed'], sms: [] })).toEqual({ email: ['placed', 'delivered'], sms: [] });
  });

  it('name the channels of an event', () => {
    const settings = { email: ['placed' as const, 'delivered' as const], sms: ['placed' as const] };
    expect(channelsFor(settings, 'placed')).toEqual(['email', 'sms']);
    expect(channelsFor(settings, 'delivered')).toEqual(['email']);
    expect(channelsFor(settings, 'near')).toEqual([]);
  });
});

describe('recipientLanguage', () => {
  it("uses the order's language when the country offers it, else the country default", () => {
    expect(recipientLanguage('ar-SA', 'SA')).toBe('ar-SA');
    expect(recipientLanguage(null, 'SA')).toBe('en');
    expect(recipientLanguage('ja', 'SA')).toBe('en');
    expect(recipientLanguage('not-a-locale', 'TH')).toBe('th_TH');
  });
});

describe('recipientPhoneE164', () => {
  it('formats national and international spellings as E.164', () => {
    expect(recipientPhoneE164('050 123 4567', 'SA')).toBe('+966501234567');
    expect(recipientPhoneE164('+966 50 123 4567', 'SA')).toBe('+966501234567');
    expect(recipientPhoneE164('+65 8123 4567', 'SA')).toBe('+6581234567');
  });

  it('refuses what is no valid number', () => {
    for (const phone of ['', '123', '+966 12', 'call me']) expect(recipientPhoneE164(phone, 'SA'), phone).toBeNull();
  });
});

describe('recipientEmailAddress', () => {
  it('follows the shared rule', () => {
    expect(recipientEmailAddress(' Ali@Example.COM. ')).toBe('ali@example.com');
    expect(recipientEmailAddress('ali@example')).toBeNull();
    expect(recipientEmailAddress(undefined)).toBeNull();
  });
});

describe('isThrottled', () => {
  const now = 10_000_000;
  it('holds back the message after the limit within the window', () => {
    const sent = Array.from({ length: THROTTLE_LIMIT }, (_, i) => now - i * 60);
    expect(isThrottled(sent.slice(1), now)).toBe(false);
    expect(isThrottled(sent, now)).toBe(true);
  });

  it('forgets messages older than the window', () => {
    const old = Array.from({ length: THROTTLE_LIMIT }, () => now - THROTTLE_WINDOW_S);
    expect(isThrottled(old, now)).toBe(false);
  });
});
