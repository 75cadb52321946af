import { useMemo } from 'react';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { formattingLocale } from '../../i18n/bcp47';

export interface OrderFormat {
  money(amount: number, orderCurrency?: string): string;
  dateTime(unixSeconds: number): string;
  time(unixSeconds: number): string;
}

// Shared by every component of one locale, zone and currency: a tracking list mounts hundreds of
// rows at once and building Intl formatters per row dominated its first render.
const formatsByPreferences = new Map<string, OrderFormat>();

function buildOrderFormat(locale: string, timeZone: string, currency: string): OrderFormat {
  const tag = formattingLocale(locale);
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone });
  const moneyByCurrency = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (code: string) => {
    let format = moneyByCurrency.get(code);
    if (!format) {
      format = new Intl.NumberFormat(tag, { style: 'currency', currency: code });
      moneyByCurrency.set(code, format);
    }
    return format;
  };
  return {
    money: (amount, orderCurrency) => moneyFormat(orderCurrency ?? currency).format(amount),
    dateTime: (unixSeconds) => dateTime.format(new Date(unixSeconds * 1000)),
    time: (unixSeconds) => time.format(new Date(unixSeconds * 1000)),
  };
}

/** Money, dates and times of orders in the user's locale and the country's zone (Intl only). */
export function useOrderFormat(): OrderFormat {
  const { locale, currency } = usePreferences();
  // Times in the vendor's zone (a pre-order's slot is the vendor's wall clock), the build's without one.
  const timeZone = useVendorTimeZone();
  return useMemo(() => {
    const key = `${locale}|${timeZone}|${currency}`;
    let format = formatsByPreferences.get(key);
    if (!format) {
      format = buildOrderFormat(locale, timeZone, currency);
      formatsByPreferences.set(key, format);
    }
    return format;
  }, [locale, timeZone, currency]);
}
