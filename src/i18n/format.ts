import { formattingLocale, toBcp47 } from './bcp47';

/** Numbers, money and times in the user's locale and the country's time zone, through Intl only. */
export interface FormatContext {
  locale: string;
  timeZone: string;
  currency: string;
}

export function formatNumber(value: number, ctx: Pick<FormatContext, 'locale'>, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(formattingLocale(ctx.locale), options).format(value);
}

export function formatMoney(amount: number, ctx: Pick<FormatContext, 'locale' | 'currency'>): string {
  return new Intl.NumberFormat(formattingLocale(ctx.locale), { style: 'currency', currency: ctx.currency }).format(amount);
}

/** A unix-seconds instant as a date and time on the country's wall clock. */
export function formatDateTime(unixSeconds: number, ctx: Pick<FormatContext, 'locale' | 'timeZone'>, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(formattingLocale(ctx.locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: ctx.timeZone, ...options }).format(
    new Date(unixSeconds * 1000),
  );
}

export function formatTime(unixSeconds: number, ctx: Pick<FormatContext, 'locale' | 'timeZone'>): string {
  return formatDateTime(unixSeconds, ctx, { dateStyle: undefined, timeStyle: 'short' });
}

/** The language's own name for itself, e.g. "العربية" for ar-SA. `withRegion` keeps the variant
 * ("العربية (المملكة العربية السعودية)"), needed only when two choices share a language. */
export function languageName(locale: string, withRegion = false): string {
  const tag = toBcp47(locale);
  try {
    const shown = withRegion ? tag : (new Intl.Locale(tag).language ?? tag);
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(shown) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return locale;
  }
}

/** A country's name in the user's language, e.g. "المملكة العربية السعودية". */
export function regionName(countryCode: string, locale: string): string {
  try {
    return new Intl.DisplayNames([toBcp47(locale)], { type: 'region' }).of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}
