/** The product's language codes (SPEC §1) use underscores and a few private variants (ur_alt);
 * Intl and the `lang` attribute want BCP 47 tags. */
export function toBcp47(locale: string): string {
  if (locale === 'ur_alt') return 'ur';
  return locale.replace(/_/g, '-');
}

/** Right-to-left for Urdu, Arabic and its variants (SPEC §1). The domain's isRtl is the rule; this
 * is its direction word for the `dir` attribute. */
export function directionOf(rtl: boolean): 'rtl' | 'ltr' {
  return rtl ? 'rtl' : 'ltr';
}
