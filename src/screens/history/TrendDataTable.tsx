import styled from 'styled-components';
import type { TrendDay } from '../../../domain/orderTrend';
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

// Off screen but in the accessibility tree (display: none would hide it from screen readers too). A
// table grows to its content whatever its width, so the box that clips it is a div.
const VisuallyHidden = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
