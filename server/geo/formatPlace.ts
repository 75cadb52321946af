// Display names and formatted addresses in the requested language: Arabic names for 'ar*' where the
// gazetteer has them, English (GeoNames) otherwise. Country names come from Intl.DisplayNames.
import type { GazetteerEntry } from './gazetteerIndex';

export type DisplayLanguage = 'ar' | 'en';

export function displayLanguage(language: string | undefined): DisplayLanguage {
  return language && /^ar(?:[-_]|$)/i.test(language) ? 'ar' : 'en';
}

const countryNamers: Record<DisplayLanguage, Intl.DisplayNames> = {
  ar: new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'code' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
};

// Arabic joins address parts with the Arabic comma.
const SEPARATOR: Record<DisplayLanguage, string> = { ar: '، ', en: ', ' };

export function placeName(entry: GazetteerEntry, language: DisplayLanguage): string {
  return language === 'ar' && entry.nameAr ? entry.nameAr : entry.nameEn;
}

export function countryName(countryCode: string, language: DisplayLanguage): string {
  return countryNamers[language].of(countryCode) ?? countryCode;
}

/** The city a place is in: its own name for a city, the enclosing city for a district. */
export function cityName(entry: GazetteerEntry, language: DisplayLanguage): string {
  return placeName(entry.city ?? entry, language);
}

/** "Al Olaya, Riyadh, Saudi Arabia" / "العليا، الرياض، المملكة العربية السعودية". */
export function formattedAddress(entry: GazetteerEntry, language: DisplayLanguage): string {
  const parts = [placeName(entry, language)];
  if (entry.city) parts.push(placeName(entry.city, language));
  parts.push(countryName(entry.countryCode, language));
  return parts.join(SEPARATOR[language]);
}
