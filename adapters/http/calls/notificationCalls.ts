// Settings → Notifications (the outlet's messages to the recipient) and an order's message log.
import type { EmailPreview, NotificationSettingsBody, SentNotification } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function notificationCalls({ result }: CallHelpers): AreaCalls<'notifications'> {
  return {
    getNotificationSettings: (vendorId) =>
      result<NotificationSettingsBody>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/notification-settings` }),
    // A PUT of the whole settings: repeating it changes nothing, so the client may retry it.
    saveNotificationSettings: (vendorId, settings) =>
      result<NotificationSettingsBody>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/notification-settings`, body: settings }),
    getEmailPreview: (vendorId, query) =>
      result<EmailPreview>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/notification-settings/email-preview`, query: { ...query } }),
    listRecipientMessages: async (vendorId, orderId) =>
      (await result<{ recipient_messages?: SentNotification[] }>({ service: 'orders', method: 'GET', path: '/order', query: { vendorId, orderId } })).recipient_messages ?? [],
  };
}
