import type { OrderTrend } from '../adapters/ports';
import { periodFiguresMachineFor, type FetchPeriodFiguresInput, type PeriodFiguresContext, type PeriodFiguresEvent, type PeriodFiguresInput, type PeriodFilters } from './periodFigures';

// The History page's orders-per-day chart: it follows the past list's period and include-outlets
// toggle (the screen forwards them; the list machine owns them) as a period-figures machine.

/** The part of the History filters the chart depends on (the status filter does not change it). */
export type TrendFilters = PeriodFilters;
export type OrderTrendInput = PeriodFiguresInput;
export type OrderTrendContext = PeriodFiguresContext<OrderTrend>;
export type OrderTrendEvent = PeriodFiguresEvent;
export type FetchTrendInput = FetchPeriodFiguresInput;

export const orderTrendMachine = periodFiguresMachineFor<OrderTrend>({
  id: 'orderTrend',
  // A refused custom range asks for the History's default period.
  fallbackCategory: 'Yesterday',
  hasFigures: (trend) => trend.days.some((day) => day.total > 0),
});
