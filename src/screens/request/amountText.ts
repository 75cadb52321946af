import { toBcp47 } from '../../i18n/bcp47';

// The order amount as typed and as shown: SPEC §6 "digit grouping" flag groups thousands while the
// draft keeps a plain number text ("12500.5") for the rules and the payload. Latin digits always,
// so what is typed and what is shown stay the same characters in every language.

function groupSeparator(locale: string): string {
  const parts = new Intl.NumberFormat(toBcp47(locale), { numberingSystem: 'latn' }).formatToParts(11111);
  return parts.find((part) => part.type === 'group')?.value ?? ',';
}

/** "12500.5" -> "12,500.5" (the locale's separator); anything not a plain number is shown as is. */
export function groupAmount(raw: string, locale: string): string {
  const match = /^(\d+)(\.\d*)?$/.exec(raw);
  if (!match) return raw;
  const [, whole = '', fraction = ''] = match;
  const grouped = new Intl.NumberFormat(toBcp47(locale), { numberingSystem: 'latn', useGrouping: true, maximumFractionDigits: 0 })
    .formatToParts(BigInt(whole))
    .map((part) => (part.type === 'group' ? groupSeparator(locale) : part.value))
    .join('');
  return grouped + fraction;
}

/** What the user typed, back to a plain number text: separators gone, a decimal comma as a point. */
export function ungroupAmount(typed: string, locale: string): string {
  const separator = groupSeparator(locale);
  const withoutGroups = separator === '.' ? typed.split('.').join('').replace(',', '.') : typed.split(separator).join('');
  return withoutGroups.replace(/[^\d.]/g, '');
}
