// The Insights page's machine: a period-figures machine (periodFiguresModel.ts walks and checks it)
// that opens on the past month with the outlets, and shows an answer without orders as empty.
import type { Insights } from '../../adapters/ports';
import { insightsMachine, type InsightsFilters } from '../../machines';
import { describePeriodFiguresMachine } from './periodFiguresModel';

const ZONE = 'Asia/Dubai';
const PAST_MONTH: InsightsFilters = { category: 'PastMonth', custom: null, includeOutlets: true };

const outcomes = (orders: number) => ({ orders, delivered: orders, returned: 0, cancelled: 0, in_progress: 0 });
const insightsWith = (orders: number): Insights => ({
  time_zone: ZONE, currency: 'SAR', from: 0, to: 1, totals: outcomes(orders), days: [{ date: '2026-03-09', ...outcomes(orders) }],
  on_time: { delivered: orders, on_time: orders, rate: orders === 0 ? null : 1 },
  request_to_pickup: { count: 0, average_s: null, p90_s: null }, pickup_to_delivery: { count: 0, average_s: null, p90_s: null },
  cancellations: { by_reason: [], by_who: [] }, outlets: [], heat_map: [], drop_offs: { clusters: [], capped: false },
});

describePeriodFiguresMachine<Insights>({
  name: 'insights',
  machine: insightsMachine,
  // 2026-03-10T12:00:00Z.
  now: Date.UTC(2026, 2, 10, 12) / 1000,
  zone: ZONE,
  periods: {
    start: PAST_MONTH,
    other: { category: 'PastWeek', custom: null, includeOutlets: true },
    toggled: { ...PAST_MONTH, includeOutlets: false },
    refused: { category: 'Custom', custom: { startDate: '2026-03-09', endDate: '2026-03-01' }, includeOutlets: true },
  },
  fallback: PAST_MONTH,
  busy: insightsWith(3),
  quiet: insightsWith(0),
  countOf: (insights) => insights.totals.orders,
});
