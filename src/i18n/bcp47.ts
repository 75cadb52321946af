/** The product's language codes (SPEC §1) use underscores and a few private variants (ur_alt);
 * Intl and the `lang` attribute want BCP 47 tags. */
export function toBcp47(locale: string): string {
  if (locale === 'ur_alt') return 'ur';
  return locale.replace(/_/g, '-');
}

/**
 * The tag every formatter of numbers, money and times uses: the locale with Western digits
 * (`-u-nu-latn`). One numbering system per locale for every number on screen: Intl's default for
 * ar-SA is Arabic-Indic, while counts inside messages, typed amounts, phone numbers and order ids are
 * Western, so times and money came out in other digits than the counts beside them (docs/i18n.md).
 */
export function formattingLocale(locale: string): string {
  return `${toBcp47(locale)}-u-nu-latn`;
}

/** Right-to-left for Urdu, Arabic and its variants (SPEC §1). The domain's isRtl is the rule; this
 * is its direction word for the `dir` attribute. */
export function directionOf(rtl: boolean): 'rtl' | 'ltr' {
  return rtl ? 'rtl' : 'ltr';
}
