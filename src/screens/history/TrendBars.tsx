import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import type { OrderTrend } from '../../../adapters/ports';
import { isRtl } from '../../../domain/locales';
import { trendTotals, type TrendBucket, type TrendDay } from '../../../domain/orderTrend';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { directionOf } from '../../i18n/bcp47';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { TrendDataTable } from './TrendDataTable';
import { layoutTrendBars, TREND_HEIGHT, TREND_STACK, TREND_WIDTH, type TrendBar } from './trendChartLayout';
import { useTrendDateFormat } from './useTrendDateFormat';

const BUCKET_LABEL_KEYS: Record<TrendBucket, string> = {
  delivered: 'history.status.DELIVERED',
  cancelled: 'history.status.CANCELLED',
  inProgress: 'history.trend.in-progress',
};

// The colour-blind-safe series colours (theme tokens), the same on every brand.
const bucketColour = (bucket: TrendBucket) => tokens.chart[bucket];

/** The tooltip's centre in % of the plot from its reading start, kept off the edges so it stays readable. */
function tooltipAnchor(bar: TrendBar, rtl: boolean): number {
  const readingStart = rtl ? TREND_WIDTH - bar.x - bar.slot : bar.x;
  return Math.min(85, Math.max(15, ((readingStart + bar.slot / 2) / TREND_WIDTH) * 100));
}

/**
 * The period's stacked bars (delivered, in progress, cancelled) under a legend of its totals. Each
 * bar is focusable (arrow keys, Home and End move between days) and shows its numbers in a tooltip;
 * a visually hidden table carries the same figures for screen readers.
 */
export function TrendBars({ trend }: { trend: OrderTrend }) {
  const t = useT();
  const theme = useTheme();
  const { locale } = usePreferences();
  const rtl = isRtl(locale);
  const formatDate = useTrendDateFormat(trend.timeZone);
  const bars = useMemo(() => layoutTrendBars(trend.days, rtl), [trend.days, rtl]);
  const totals = useMemo(() => trendTotals(trend.days), [trend.days]);
  const number = (value: number) => formatNumber(value, { locale });
  // The newest day is where keyboard focus starts.
  const [focusIndex, setFocusIndex] = useState(trend.days.length - 1);
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const barRefs = useRef<(SVGGElement | null)[]>([]);

  const describe = (day: TrendDay) =>
    t('history.trend.day', {
      date: formatDate(day.date, { weekday: 'short', day: 'numeric', month: 'short' }),
      total: day.total,
      delivered: number(day.delivered),
      cancelled: number(day.cancelled),
      inProgress: number(day.inProgress),
    });

  const moveFocus = (index: number) => {
    const next = Math.min(trend.days.length - 1, Math.max(0, index));
    setFocusIndex(next);
    setShownIndex(next);
    barRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    // Arrows move on screen: right is the next day left to right, the previous day right to left.
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step !== undefined) moveFocus(index + step);
    else if (event.key === 'Home') moveFocus(0);
    else if (event.key === 'End') moveFocus(trend.days.length - 1);
    else return;
    event.preventDefault();
  };

  const shown = shownIndex === null ? null : bars[shownIndex];
  const first = trend.days[0];
  const last = trend.days.at(-1);
  return (
    <>
      <Legend>
        {TREND_STACK.map((bucket) => (
          <li key={bucket}>
            <Swatch $colour={bucketColour(bucket)} aria-hidden="true" />
            {t(BUCKET_LABEL_KEYS[bucket])} <strong>{number(totals[bucket])}</strong>
          </li>
        ))}
        <li data-testid="orders-trend-total">{t('history.trend.total', { count: totals.total })}</li>
      </Legend>
      <PlotArea dir={directionOf(rtl)}>
        <Plot>
          <svg viewBox={`0 0 ${TREND_WIDTH} ${TREND_HEIGHT}`} preserveAspectRatio="none" role="group" aria-label={t('history.trend.title')}>
            <line x1={0} x2={TREND_WIDTH} y1={TREND_HEIGHT} y2={TREND_HEIGHT} stroke={theme.colors.border} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            {/* The scale: a line at the busiest day's height, labelled with its count. */}
            <line x1={0} x2={TREND_WIDTH} y1={0} y2={0} stroke={theme.colors.border} strokeWidth={1} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            {bars.map((bar, index) => (
              <Bar
                key={bar.day.date}
                ref={(element) => { barRefs.current[index] = element; }}
                tabIndex={index === focusIndex ? 0 : -1}
                role="img"
                aria-label={describe(bar.day)}
                data-date={bar.day.date}
                data-x={bar.x}
                onFocus={() => { setFocusIndex(index); setShownIndex(index); }}
                onBlur={() => setShownIndex(null)}
                onMouseEnter={() => setShownIndex(index)}
                onMouseLeave={() => setShownIndex(null)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {/* The whole slot answers the pointer, so a short bar is easy to hover. */}
                <rect x={bar.x} y={0} width={bar.slot} height={TREND_HEIGHT} fill={index === shownIndex ? theme.colors.primarySoft : 'transparent'} />
                {bar.segments.map((segment) => (
                  // A line of the card's colour between segments: told apart by place (the legend's order), not only hue.
                  <rect key={segment.bucket} data-bucket={segment.bucket} x={bar.barX} y={segment.y} width={bar.barWidth} height={segment.height} fill={bucketColour(segment.bucket)} stroke={theme.colors.surface} strokeWidth={1} vectorEffect="non-scaling-stroke" />
                ))}
              </Bar>
            ))}
          </svg>
          <ScaleLabel aria-hidden="true">{number(Math.max(...trend.days.map((day) => day.total)))}</ScaleLabel>
          {shown && (
            <Tooltip role="tooltip" style={{ insetInlineStart: `${tooltipAnchor(shown, rtl)}%` }}>
              {describe(shown.day)}
            </Tooltip>
          )}
        </Plot>
        {first && last && (
          <Axis aria-hidden="true">
            <span>{formatDate(first.date, { day: 'numeric', month: 'short' })}</span>
            {last !== first && <span>{formatDate(last.date, { day: 'numeric', month: 'short' })}</span>}
          </Axis>
        )}
      </PlotArea>
      <TrendDataTable days={trend.days} formatDate={(date) => formatDate(date, { dateStyle: 'medium' })} />
    </>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)} ${tokens.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  li { display: inline-flex; align-items: center; gap: ${tokens.space(1)}; }
  li:last-child { margin-inline-start: auto; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Swatch = styled.span<{ $colour: string }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${({ $colour }) => $colour};
`;

const PlotArea = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1)};
  width: 100%;
`;

const Plot = styled.div`
  position: relative;
  margin-top: ${tokens.space(4)};
  svg { display: block; width: 100%; height: ${TREND_HEIGHT}px; overflow: visible; }
`;

const ScaleLabel = styled.span`
  position: absolute;
  top: 0;
  inset-inline-end: 0;
  transform: translateY(-100%);
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.75rem;
`;

const Bar = styled.g`
  cursor: default;
  outline: none;
  &:focus-visible rect:first-child { stroke: ${({ theme }) => theme.colors.focus}; stroke-width: 2px; vector-effect: non-scaling-stroke; }
`;

const Tooltip = styled.div`
  position: absolute;
  top: 0;
  transform: translate(-50%, -100%);
  [dir='rtl'] & { transform: translate(50%, -100%); }
  width: max-content;
  max-width: 260px;
  padding: ${tokens.space(1)} ${tokens.space(2)};
  border-radius: ${tokens.radius.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-size: 0.8rem;
  pointer-events: none;
  white-space: normal;
  box-shadow: ${tokens.shadow.popover};
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;
