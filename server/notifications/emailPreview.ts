// The Settings → Notifications page's e-mail preview: the message the recipient of one of the
// outlet's orders gets for an event, rendered by the same template and catalogues as the real
// e-mail (render.ts), from the same sender, with sample links where an order's would be.
import { countryConfig, isSupportedLocale, type Locale } from '../../domain';
import type { NotificationEvent } from '../../domain/recipientNotifications';
import type { EmailPreview } from '../../domain/api';
import { unprocessable } from '../http/errors';
import type { Catalogues } from './catalogues';
import { OPT_OUT_PATH } from './links';
import { renderRecipientMessage } from './render';

export interface EmailPreviewRequest {
  event: NotificationEvent;
  /** A language of the vendor's country; absent, the country's default (as for an order without one). */
  language?: string | undefined;
  vendorName: string;
  countryCode: string;
}

export interface EmailPreviewSettings {
  catalogues: Catalogues;
  publicUrl: string;
  from: string;
}

/** The language the preview is written in; one the country does not offer is refused (422), as on an order. */
function previewLanguage(language: string | undefined, countryCode: string): Locale {
  const country = countryConfig(countryCode);
  if (language === undefined) return country.defaultLanguage;
  if (!isSupportedLocale(language) || !country.languages.includes(language)) throw unprocessable('error.invalid-request', 'language');
  return language;
}

export function emailPreview(settings: EmailPreviewSettings, request: EmailPreviewRequest): EmailPreview {
  const language = previewLanguage(request.language, request.countryCode);
  // Sample links: the page shows where an order's tracking, receipt and opt-out links go.
  const sample = (path: string) => `${settings.publicUrl}${path}…`;
  const rendered = renderRecipientMessage(settings.catalogues.translator(language), request.event, 'email', request.vendorName, {
    tracking: sample('/tracking/'),
    receipt: sample('/delivery-receipt/'),
    optOut: sample(`${OPT_OUT_PATH}?m=`),
  });
  return { from: settings.from, subject: rendered.subject, text: rendered.text, language };
}
