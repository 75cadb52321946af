import type { TrendDay } from '../../../domain/orderTrend';
import { VisuallyHidden } from '../../components/charts/VisuallyHidden';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/useT';

/** The chart's figures as a table only screen readers get (the bars alone say little to them). */
export function TrendDataTable({ days, formatDate }: { days: readonly TrendDay[]; formatDate: (date: string) => string }) {
  const t = useT();
  const { locale } = usePreferences();
  const number = (value: number) => formatNumber(value, { locale });
  return (
    <VisuallyHidden>
      <table>
        <caption>{t('history.trend.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.trend.column.date')}</th>
            <th scope="col">{t('history.status.DELIVERED')}</th>
            <th scope="col">{t('history.status.CANCELLED')}</th>
            <th scope="col">{t('history.trend.in-progress')}</th>
            <th scope="col">{t('history.trend.column.total')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDate(day.date)}</th>
              <td>{number(day.delivered)}</td>
              <td>{number(day.cancelled)}</td>
              <td>{number(day.inProgress)}</td>
              <td>{number(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
