import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { isRtl } from '../../../domain/locales';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { ChartCard } from '../../components/charts/ChartCard';
import { directionOf } from '../../i18n/bcp47';
import { HiddenDataTable } from '../../components/charts/HiddenDataTable';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { InsightsFormat } from './useInsightsFormat';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Hours labelled above the grid: every sixth, so a phone's width still holds them. */
const LABELLED_HOURS = new Set([0, 6, 12, 18]);

/**
 * Orders per weekday and local hour (the vendor's zone) as a grid of one brand hue, darker for busier.
 * One cell at a time is in the tab order; arrow keys move by hour (as laid out on screen) and by day,
 * and the focused or hovered cell's figure is written under the grid. A hidden table carries every
 * busy cell for screen readers.
 */
export function HeatMap({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const rtl = isRtl(usePreferences().locale);
  const counts = useMemo(() => {
    const byCell = new Map<number, number>();
    for (const cell of insights.heat_map) byCell.set(cell.weekday * 24 + cell.hour, cell.orders);
    return byCell;
  }, [insights.heat_map]);
  const highest = Math.max(1, ...counts.values());
  const busiest = insights.heat_map.reduce((best, cell) => (cell.orders > best.orders ? cell : best), { weekday: 0, hour: 0, orders: -1 });
  const [focus, setFocus] = useState(Math.max(0, busiest.weekday * 24 + busiest.hour));
  const [shown, setShown] = useState<number | null>(null);
  const cells = useRef<(HTMLDivElement | null)[]>([]);

  const describe = (index: number) =>
    t('insights.heat.cell', { weekday: format.weekday(Math.floor(index / 24)), hour: format.hour(index % 24), count: counts.get(index) ?? 0 });

  const move = (index: number) => {
    setFocus(index);
    setShown(index);
    cells.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    // The grid runs in the language's direction, so right is the next hour in English and the previous in Arabic.
    const weekday = Math.floor(index / 24);
    const hour = index % 24;
    const next = {
      ArrowRight: weekday * 24 + Math.min(23, Math.max(0, hour + (rtl ? -1 : 1))),
      ArrowLeft: weekday * 24 + Math.min(23, Math.max(0, hour + (rtl ? 1 : -1))),
      ArrowDown: Math.min(6, weekday + 1) * 24 + hour,
      ArrowUp: Math.max(0, weekday - 1) * 24 + hour,
      Home: weekday * 24,
      End: weekday * 24 + 23,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    move(next);
  };

  const title = t('insights.heat.title');
  return (
    <ChartCard title={title} testId="insights-heat-map">
      <Grid dir={directionOf(rtl)} role="group" aria-label={t('insights.heat.zone', { zone: insights.time_zone })}>
        <span aria-hidden="true" />
        {HOURS.map((hour) => (
          <HourLabel key={hour} aria-hidden="true">{LABELLED_HOURS.has(hour) ? format.hour(hour) : ''}</HourLabel>
        ))}
        {WEEKDAYS.map((weekday) => [
          <DayLabel key={`day-${weekday}`} aria-hidden="true">{format.weekday(weekday, 'short')}</DayLabel>,
          ...HOURS.map((hour) => {
            const index = weekday * 24 + hour;
            const orders = counts.get(index) ?? 0;
            return (
              <Cell
                key={index}
                ref={(element) => { cells.current[index] = element; }}
                role="img"
                aria-label={describe(index)}
                tabIndex={index === focus ? 0 : -1}
                data-cell={`${weekday}-${hour}`}
                data-orders={orders}
                $strength={orders === 0 ? 0 : 0.15 + 0.85 * (orders / highest)}
                $shown={index === shown}
                onFocus={() => { setFocus(index); setShown(index); }}
                onBlur={() => setShown(null)}
                onMouseEnter={() => setShown(index)}
                onMouseLeave={() => setShown(null)}
                onKeyDown={(event) => onKeyDown(event, index)}
              />
            );
          }),
        ])}
      </Grid>
      <Readout aria-hidden="true">{shown === null ? t('insights.heat.hint') : describe(shown)}</Readout>
      <HiddenDataTable
        caption={title}
        columns={[t('insights.heat.weekday'), t('insights.heat.hour'), t('insights.column.orders')]}
        rows={[...insights.heat_map]
          .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
          .map((cell) => ({ key: `${cell.weekday}-${cell.hour}`, cells: [format.weekday(cell.weekday), format.hour(cell.hour), format.number(cell.orders)] }))}
      />
    </ChartCard>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: max-content repeat(24, minmax(0, 1fr));
  gap: 2px;
  align-items: center;
  font-size: 0.7rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const HourLabel = styled.span`
  white-space: nowrap;
  overflow: visible;
`;

const DayLabel = styled.span`
  padding-inline-end: ${tokens.space(1)};
  white-space: nowrap;
`;

const Cell = styled.div<{ $strength: number; $shown: boolean }>`
  aspect-ratio: 1;
  min-height: 10px;
  border-radius: 2px;
  background: ${({ theme, $strength }) => ($strength === 0 ? theme.colors.background : `color-mix(in srgb, ${tokens.chart.heat} ${Math.round($strength * 100)}%, ${theme.colors.surface})`)};
  outline: ${({ theme, $shown }) => ($shown ? `2px solid ${theme.colors.text}` : 'none')};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Readout = styled.p`
  margin: 0;
  min-height: 1.4em;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
