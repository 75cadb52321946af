import type { Insights } from '../adapters/ports';
import { periodFiguresMachineFor, type FetchPeriodFiguresInput, type PeriodFiguresContext, type PeriodFiguresEvent, type PeriodFiguresInput, type PeriodFilters } from './periodFigures';

// The Insights page: the History's period and outlet filters (the page owns them and forwards each
// change) and the figures for them fetched from the server, as a period-figures machine.

/** The period and outlets, as the History filters hold them. */
export type InsightsFilters = PeriodFilters;

/** The page opens on the past 30 days: enough orders for the figures to mean something. */
export const INSIGHTS_DEFAULT_FILTERS: InsightsFilters = { category: 'PastMonth', custom: null, includeOutlets: true };

export type InsightsInput = PeriodFiguresInput;
export type InsightsContext = PeriodFiguresContext<Insights>;
export type InsightsEvent = PeriodFiguresEvent;
export type FetchInsightsInput = FetchPeriodFiguresInput;

export const insightsMachine = periodFiguresMachineFor<Insights>({
  id: 'insights',
  fallbackCategory: INSIGHTS_DEFAULT_FILTERS.category,
  hasFigures: (insights) => insights.totals.orders > 0,
});
