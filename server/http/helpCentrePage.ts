// The small help-centre page the server serves inside the app's iframe: a per-country FAQ.
import { countryConfig, isSupportedCountry } from '../../domain';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Faq { question: string; answer: string }

function faqFor(countryCode: string): { countryName: string; items: Faq[] } {
  const known = isSupportedCountry(countryCode);
  const config = known ? countryConfig(countryCode) : null;
  const currency = config?.currency ?? '';
  const items: Faq[] = [
    { question: 'How do I request a rider?', answer: 'Open Request, choose the collection point, enter the drop-off address and the customer details, then confirm. A rider is assigned within minutes.' },
    { question: 'How much does a delivery cost?', answer: `The fee depends on the distance and is shown${currency ? ` in ${currency}` : ''} before you confirm. Vouchers reduce it.` },
    { question: 'Can I cancel an order?', answer: 'Yes, until a rider is on the way to you (statuses Received, Looking for rider, Assigned). Open the order in Tracking and choose Cancel.' },
    { question: 'How do I track an order?', answer: 'Tracking lists your active orders live. Share the tracking link with your customer so they can follow the rider.' },
    { question: 'Can I place many orders at once?', answer: 'Yes: Bulk order lets you download the template, fill one order per row and upload it (XLSX, up to 5 MB).' },
  ];
  if (countryCode === 'SA') {
    items.push({ question: 'What can riders carry?', answer: 'Items must fit the delivery bag and must not exceed 5 kg.' });
  }
  return { countryName: config?.name ?? countryCode, items };
}

export function renderHelpCentrePage(countryCode: string, locale: string, brandName: string): string {
  const { countryName, items } = faqFor(countryCode.toUpperCase());
  const rtl = /^(ar|ur)/i.test(locale);
  const faq = items.map((item) => `<details><summary>${escapeHtml(item.question)}</summary><p>${escapeHtml(item.answer)}</p></details>`).join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Help centre</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#222}details{border-bottom:1px solid #ddd;padding:8px 0}summary{cursor:pointer;font-weight:600}</style>
</head>
<body>
<h1>${escapeHtml(brandName)} help centre</h1>
<p>Frequently asked questions for ${escapeHtml(countryName)}.</p>
${faq}
</body>
</html>`;
}
