import type { TrendBucket, TrendDay } from '../../../domain/orderTrend';

/** Drawing units of the chart's viewBox: one slot per day, bars a little narrower than their slot. */
export const TREND_SLOT = 24;
export const TREND_BAR = 16;
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
  /** Left edge of the day's slot. */
  x: number;
  segments: TrendSegment[];
}

/**
 * Where each day's stacked bar goes. Days run in reading order: left to right, or right to left in
 * a right-to-left language, so the newest day is where the reader's eye ends.
 */
export function layoutTrendBars(days: readonly TrendDay[], rtl: boolean): TrendBar[] {
  const highest = Math.max(1, ...days.map((day) => day.total));
  return days.map((day, index) => {
    const slot = rtl ? days.length - 1 - index : index;
    let top = TREND_HEIGHT;
    const segments = TREND_STACK.filter((bucket) => day[bucket] > 0).map((bucket) => {
      const height = (day[bucket] / highest) * TREND_HEIGHT;
      top -= height;
      return { bucket, y: top, height };
    });
    return { day, x: slot * TREND_SLOT, segments };
  });
}
