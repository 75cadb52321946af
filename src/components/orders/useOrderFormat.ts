import { useMemo } from 'react';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { toBcp47 } from '../../i18n/bcp47';

/** Money, dates and times of orders in the user's locale and the country's zone (Intl only). The
 * formatters are built once per locale and zone: long tables format thousands of cells. */
export function useOrderFormat() {
  const { locale, timeZone, currency } = usePreferences();
  return useMemo(() => {
    const tag = toBcp47(locale);
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
      money: (amount: number, orderCurrency?: string) => moneyFormat(orderCurrency ?? currency).format(amount),
      dateTime: (unixSeconds: number) => dateTime.format(new Date(unixSeconds * 1000)),
      time: (unixSeconds: number) => time.format(new Date(unixSeconds * 1000)),
    };
  }, [locale, timeZone, currency]);
}
