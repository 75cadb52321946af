// The History's orders-per-day chart: a period-figures machine (periodFiguresModel.ts walks and
// checks it) that starts on yesterday, falls back to it, and shows a period without orders as empty.
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { OrderTrend } from '../../adapters/ports';
import { orderTrendMachine, type FetchTrendInput, type TrendFilters } from '../../machines';
import { describePeriodFiguresMachine, expectedFetch, startPeriodFigures, type PeriodFiguresModel } from './periodFiguresModel';

const ZONE = 'Asia/Dubai';
const YESTERDAY: TrendFilters = { category: 'Yesterday', custom: null, includeOutlets: false };
const day = (total: number) => ({ date: '2026-03-09', delivered: total, cancelled: 0, inProgress: 0, total });
const quiet: OrderTrend = { timeZone: ZONE, days: [day(0)] };

const model: PeriodFiguresModel<OrderTrend> = {
  name: 'orderTrend',
  machine: orderTrendMachine,
  // 2026-03-10T12:00:00Z.
  now: Date.UTC(2026, 2, 10, 12) / 1000,
  zone: ZONE,
  periods: {
    start: YESTERDAY,
    other: { category: 'PastWeek', custom: null, includeOutlets: false },
    toggled: { ...YESTERDAY, includeOutlets: true },
    refused: { category: 'Custom', custom: { startDate: '2026-03-09', endDate: '2026-03-01' }, includeOutlets: false },
  },
  fallback: YESTERDAY,
  busy: { timeZone: ZONE, days: [day(3)] },
  quiet,
  countOf: (trend) => trend.days[0]?.total ?? 0,
};

describePeriodFiguresMachine(model);

describe('orderTrend: custom ranges', () => {
  it('reloads for another custom range (start or end), not for the same vendor; one busy day shows the chart', async () => {
    const asked: FetchTrendInput[] = [];
    const oneBusyDay: OrderTrend = { timeZone: ZONE, days: [day(0), day(2)] };
    const actor = startPeriodFigures(model, [quiet, quiet, quiet, oneBusyDay], asked);
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'vendor.changed', vendorId: 'v-1' });
    expect(actor.getSnapshot().value).toBe('empty');
    const march: TrendFilters = { category: 'Custom', custom: { startDate: '2026-03-01', endDate: '2026-03-05' }, includeOutlets: false };
    const laterEnd: TrendFilters = { ...march, custom: { startDate: '2026-03-01', endDate: '2026-03-06' } };
    const laterStart: TrendFilters = { ...march, custom: { startDate: '2026-03-02', endDate: '2026-03-06' } };
    for (const filters of [march, laterEnd]) {
      actor.send({ type: 'filters.changed', filters });
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    }
    actor.send({ type: 'filters.changed', filters: laterStart });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(asked).toEqual([YESTERDAY, march, laterEnd, laterStart].map((filters) => expectedFetch(model, 'v-1', filters)));
  });
});
