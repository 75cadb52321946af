// The 44 language codes of SPEC.md §1, right-to-left detection and locale fallback.

export const LOCALES = [
  'en', 'ur', 'ur_alt', 'zh_Hant_TW', 'zh_HK', 'zh_MY', 'th_TH', 'tl', 'ar', 'ar-SA', 'ceb',
  'bn', 'my', 'ms', 'km', 'lo', 'ja', 'sv', 'nb_NO', 'fi', 'hu', 'cs', 'el', 'el-CY', 'da-DK',
  'sr', 'pl', 'ro', 'kk', 'ru', 'it', 'ka', 'bg', 'pt', 'ar-MA', 'uk', 'hy', 'fr', 'hr', 'ky',
  'ro-MD', 'sr-ME', 'ar-TN', 'es',
] as const;
export type Locale = (typeof LOCALES)[number];

export function isSupportedLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Urdu (both scripts' codes), Arabic and every Arabic variant are written right to left. */
export function isRtl(locale: string): boolean {
  return locale === 'ur' || locale === 'ur_alt' || locale === 'ar' || locale.startsWith('ar-') || locale.startsWith('ar_');
}

/** The part of the country configuration resolveLocale needs. */
export interface LocaleCountry {
  languages: readonly Locale[];
  defaultLanguage: Locale;
}

/** The requested locale when the country offers it, otherwise the country's default (SPEC.md §1). */
export function resolveLocale(requested: string | null | undefined, country: LocaleCountry): Locale {
  if (requested && isSupportedLocale(requested) && country.languages.includes(requested)) return requested;
  return country.defaultLanguage;
}
