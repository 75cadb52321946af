// The public opt-out page a recipient reaches from the link in every message: it asks first (a mail
// client or a link preview may fetch the link; only the button's POST opts out), then confirms.
import { isRtl } from '../../domain/locales';
import type { Translate } from './catalogues';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Enough of the address or number for the recipient to recognise it, not enough to learn it. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}•••${recipient.slice(at)}`;
  return recipient.length > 4 ? `•••${recipient.slice(-4)}` : '•••';
}

export interface OptOutPageInput {
  t: Translate;
  locale: string;
  vendorName: string;
  recipient: string;
  /** The form's target (the link itself) while asking; null once opted out. */
  formAction: string | null;
}

export function renderOptOutPage({ t, locale, vendorName, recipient, formAction }: OptOutPageInput): string {
  const values = { vendorName, recipient: maskRecipient(recipient) };
  const title = t('opt-out.title', values);
  const body = formAction === null
    ? `<p role="status">${escapeHtml(t('opt-out.done', values))}</p>`
    : `<p>${escapeHtml(t('opt-out.question', values))}</p>
<form method="post" action="${escapeHtml(formAction)}"><button type="submit">${escapeHtml(t('opt-out.confirm'))}</button></form>`;
  return `<!doctype html>
<html lang="${escapeHtml(locale.replace(/_/g, '-'))}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px auto;max-width:32rem;padding:0 16px;color:#1f1f1f;line-height:1.5}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #1f1f1f;background:#1f1f1f;color:#fff;cursor:pointer}</style>
</head>
<body>
<main><h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
