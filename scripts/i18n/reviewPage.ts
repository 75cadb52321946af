// The review page for a native speaker: one row a message with its key, description, English,
// translation, the glossary terms it should carry, the checks' findings and, where an end-to-end
// test already photographed the screen, that screenshot. Pure: the command (review.ts) reads files.
import type { Catalogue } from './catalogueFiles';
import { GLOSSARY_TERMS, type Glossary, type GlossaryTerm } from './glossary';

export interface ReviewRow {
  key: string;
  description: string;
  english: string;
  translation: string;
  /** "rider → курьер" where found, "rider → (missing)" where not. */
  glossary: string[];
  problems: string[];
  screenshots: string[];
}

/** Screenshot name prefixes of the screens a key's area appears on (tests/e2e names them so). */
const SCREENS_BY_AREA: Record<string, string[]> = {
  request: ['request-'], 'bulk-order-upload': ['bulk-'], history: ['history-'], order: ['request-desktop-en-tracking', 'tracking-', 'tag-id-detail'],
  tracking: ['request-desktop-en-tracking', 'tracking-', 'bulk-desktop-en-tracking'], 'public-tracking': ['public-tracking', 'tracking-public'],
  auth: ['shell-login'], nav: ['shell-'], footer: ['shell-'], landing: ['landing'], 'collection-point': ['request-desktop-en-collection-point'],
  validation: ['request-desktop-en-details', 'request-phone-en-undeliverable'], receipt: ['receipt'], cancel: ['tracking-cancel', 'cancel'],
};

export function screenshotsFor(key: string, locale: string, available: readonly string[]): string[] {
  const prefixes = SCREENS_BY_AREA[key.split('.')[0] ?? ''] ?? [];
  const matching = available.filter((file) => prefixes.some((prefix) => (file.split('/').pop() ?? '').startsWith(prefix)));
  const inLocale = matching.filter((file) => file.includes(locale));
  return (inLocale.length > 0 ? inLocale : matching).slice(0, 2);
}

function glossaryHits(source: string, translation: string, glossary: Glossary | null): string[] {
  if (!glossary) return [];
  const text = translation.toLocaleLowerCase();
  return (Object.entries(GLOSSARY_TERMS) as [GlossaryTerm, RegExp][]).flatMap(([term, pattern]) => {
    const agreed = glossary.terms[term];
    if (!agreed || !pattern.test(source)) return [];
    const found = agreed.find((word) => text.includes(word.toLocaleLowerCase()));
    return [`${term} → ${found ?? '(missing)'}`];
  });
}

export function reviewRows(input: {
  locale: string;
  english: Catalogue;
  catalogue: Catalogue;
  descriptions: Record<string, string>;
  glossary: Glossary | null;
  problemsByKey: Map<string, string[]>;
  screenshots: readonly string[];
}): ReviewRow[] {
  return Object.entries(input.english).map(([key, english]) => ({
    key,
    description: input.descriptions[key] ?? '',
    english,
    translation: input.catalogue[key] ?? '',
    glossary: glossaryHits(english, input.catalogue[key] ?? '', input.glossary),
    problems: input.problemsByKey.get(key) ?? [],
    screenshots: screenshotsFor(key, input.locale, input.screenshots),
  }));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

export function reviewPageHtml(locale: string, direction: 'ltr' | 'rtl', rows: readonly ReviewRow[], glossary: Glossary | null): string {
  const cell = (text: string, attributes = '') => `<td${attributes}>${escapeHtml(text)}</td>`;
  const list = (items: readonly string[]) => (items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
  const body = rows
    .map((row) => {
      const shots = row.screenshots.map((file) => `<a href="${escapeHtml(file)}"><img loading="lazy" src="${escapeHtml(file)}" alt="${escapeHtml(file)}"></a>`).join('');
      const flagged = row.problems.length > 0 || row.glossary.some((hit) => hit.endsWith('(missing)'));
      return `<tr${flagged ? ' class="flagged"' : ''}>${cell(row.key, ' class="key"')}${cell(row.description)}${cell(row.english, ' lang="en" dir="ltr"')}${cell(row.translation, ` lang="${escapeHtml(locale)}" dir="${direction}"`)}<td>${list(row.glossary)}</td><td>${list(row.problems)}</td><td>${shots}</td></tr>`;
    })
    .join('\n');
  const terms = glossary ? Object.entries(glossary.terms).map(([term, words]) => `${term}: ${(words ?? []).join(', ')}`) : ['(no glossary yet)'];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Translation review: ${escapeHtml(locale)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:start}th{background:#f4f4f4;position:sticky;top:0}
.key{font-family:monospace;font-size:.8rem}.flagged{background:#fff4e5}img{max-width:220px;display:block;margin-bottom:.3rem}ul{margin:0;padding-inline-start:1rem}
</style></head><body>
<h1>Translation review: ${escapeHtml(locale)}</h1>
<p>${rows.length} messages; ${rows.filter((row) => row.problems.length > 0).length} with check findings. Form of address: ${escapeHtml(glossary?.address ?? 'not set')}.</p>
<details><summary>Glossary</summary>${list(terms)}</details>
<table><thead><tr><th>Key</th><th>What it is</th><th>English</th><th>Translation</th><th>Glossary</th><th>Checks</th><th>Screen</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}
