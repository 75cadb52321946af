// A recipient message from the translated templates: a subject (e-mail) and a text that names the
// vendor, carries the event's link (tracking, or the receipt once delivered) and ends with the opt-out link.
import type { NotificationChannel, NotificationEvent } from '../../domain/recipientNotifications';
import type { Translate } from './catalogues';

export interface MessageLinks {
  tracking: string;
  receipt: string;
  optOut: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
}

export function renderRecipientMessage(t: Translate, event: NotificationEvent, channel: NotificationChannel, vendorName: string, links: MessageLinks): RenderedMessage {
  const values = { vendorName, trackingUrl: links.tracking, receiptUrl: links.receipt };
  const subject = t(`recipient-message.${event}.subject`, values);
  const body = t(`recipient-message.${event}.text`, values);
  const optOut = t('recipient-message.opt-out', { vendorName, optOutUrl: links.optOut });
  // An SMS is one paragraph; an e-mail keeps the opt-out line apart at the foot.
  return { subject, text: channel === 'sms' ? `${body}\n${optOut}` : `${body}\n\n--\n${optOut}\n` };
}
