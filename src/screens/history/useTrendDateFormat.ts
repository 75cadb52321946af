import { LocalDate } from '@js-joda/core';
import { useCallback } from 'react';
import { startOfDay } from '../../../domain/zonedTime';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatDateTime } from '../../i18n/format';

/** A calendar day of the trend ('YYYY-MM-DD' in the zone) in the user's locale. */
export function useTrendDateFormat(timeZone: string) {
  const { locale } = usePreferences();
  return useCallback(
    (date: string, options: Intl.DateTimeFormatOptions) =>
      formatDateTime(startOfDay(LocalDate.parse(date), timeZone), { locale, timeZone }, { dateStyle: undefined, timeStyle: undefined, ...options }),
    [locale, timeZone],
  );
}
