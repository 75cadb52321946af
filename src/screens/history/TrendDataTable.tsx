import type { TrendDay } from '../../../domain/orderTrend';
import { HiddenDataTable } from '../../components/charts/HiddenDataTable';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/useT';

/** The chart's figures as a table only screen readers get (the bars alone say little to them). */
export function TrendDataTable({ days, formatDate }: { days: readonly TrendDay[]; formatDate: (date: string) => string }) {
  const t = useT();
  const { locale } = usePreferences();
  const number = (value: number) => formatNumber(value, { locale });
  return (
    <HiddenDataTable
      caption={t('history.trend.title')}
      columns={[t('history.trend.column.date'), t('history.status.DELIVERED'), t('history.status.CANCELLED'), t('history.trend.in-progress'), t('history.trend.column.total')]}
      rows={days.map((day) => ({
        key: day.date,
        cells: [formatDate(day.date), number(day.delivered), number(day.cancelled), number(day.inProgress), number(day.total)],
      }))}
    />
  );
}
