import type { TrendBucket, TrendDay } from '../../../domain/orderTrend';

/** Drawing units of the chart's viewBox, which stretches to the card's width: the days share the
 * width, and a bar takes two thirds of its day up to TREND_BAR_MAX (about 40 px on a desktop card),
 * so a week does not turn into slabs and three months still show every day. */
export const TREND_WIDTH = 1000;
export const TREND_BAR_MAX = 40;
export const TREND_HEIGHT = 120;

/** Bottom to top: finished well, still moving, cancelled. */
export const TREND_STACK: readonly TrendBucket[] = ['delivered', 'inProgress', 'cancelled'];

export interface TrendSegment {
  bucket: TrendBucket;
  y: number;
  height: number;
}

export interface TrendBar {
  day: TrendDay;
  /** Left edge and width of the day's slot. */
  x: number;
  slot: number;
  /** Left edge and width of the bar, centred in its slot. */
  barX: number;
  barWidth: number;
  segments: TrendSegment[];
}

/**
 * Where each day's stacked bar goes. Days run in reading order: left to right, or right to left in
 * a right-to-left language, so the newest day is where the reader's eye ends.
 */
export function layoutTrendBars(days: readonly TrendDay[], rtl: boolean): TrendBar[] {
  const highest = Math.max(1, ...days.map((day) => day.total));
  const slot = TREND_WIDTH / Math.max(1, days.length);
  const barWidth = Math.min(slot * (2 / 3), TREND_BAR_MAX);
  return days.map((day, index) => {
    const position = rtl ? days.length - 1 - index : index;
    let top = TREND_HEIGHT;
    const segments = TREND_STACK.filter((bucket) => day[bucket] > 0).map((bucket) => {
      const height = (day[bucket] / highest) * TREND_HEIGHT;
      top -= height;
      return { bucket, y: top, height };
    });
    const x = position * slot;
    return { day, x, slot, barX: x + (slot - barWidth) / 2, barWidth, segments };
  });
}
