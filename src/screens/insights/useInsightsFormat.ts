import { useMemo } from 'react';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatDateTime, formatMoney, formatNumber } from '../../i18n/format';

/** 2024-01-01 was a Monday: the weekday names come from Intl for Monday 0 ... Sunday 6. */
const MONDAY_UTC = Date.UTC(2024, 0, 1) / 1000;

/** The page's numbers in the user's locale (Intl): counts, percentages, minutes, money, weekdays and hours. */
export function useInsightsFormat(currency: string) {
  const { locale } = usePreferences();
  return useMemo(() => {
    const number = (value: number) => formatNumber(value, { locale });
    return {
      number,
      percent: (rate: number | null) => (rate === null ? '–' : formatNumber(rate, { locale }, { style: 'percent', maximumFractionDigits: 1 })),
      minutes: (seconds: number | null) =>
        seconds === null ? '–' : formatNumber(Math.round(seconds / 60), { locale }, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
      coordinate: (degrees: number) => formatNumber(degrees, { locale }, { maximumFractionDigits: 3 }),
      money: (amount: number) => formatMoney(amount, { locale, currency }),
      weekday: (index: number, width: 'short' | 'long' = 'long') =>
        formatDateTime(MONDAY_UTC + index * 86_400, { locale, timeZone: 'UTC' }, { dateStyle: undefined, timeStyle: undefined, weekday: width }),
      hour: (hour: number) => formatDateTime(MONDAY_UTC + hour * 3600, { locale, timeZone: 'UTC' }, { dateStyle: undefined, timeStyle: undefined, hour: 'numeric' }),
    };
  }, [locale, currency]);
}

export type InsightsFormat = ReturnType<typeof useInsightsFormat>;
