// GET /vendor/{id}/insights answered from the story world's orders, as the server's aggregates define
// the figures (server/insights/aggregates.ts), in memory: the vendor's own orders (outlets are not
// modelled here), the same domain rules for facts, local hours and the p90.
import type { Insights, InsightsQuery } from '../../domain/api';
import {
  dropOffCellCentre, isoDateOfEpochDay, localBuckets, nearestRankPercentile, offsetSegments, orderFactsOf, type OrderFacts,
} from '../../domain/insights';
import type { Order } from '../../domain/types';
import { localDateAt } from '../../domain/zonedTime';

const outcomes = () => ({ orders: 0, delivered: 0, returned: 0, cancelled: 0, in_progress: 0 });

function count(into: ReturnType<typeof outcomes>, facts: OrderFacts): void {
  into.orders += 1;
  into[facts.outcome] += 1;
}

function tally<K>(keys: readonly K[]): [K, number][] {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || String(a ?? '').localeCompare(String(b ?? '')));
}

export function memoryInsights(orders: readonly Order[], vendor: { vendorId: string; name: string; currency: string; timeZone: string }, query: Required<Pick<InsightsQuery, 'from' | 'to'>>): Insights {
  const { timeZone } = vendor;
  const facts = orders.filter((order) => order.vendor_id === vendor.vendorId && order.created_at >= query.from && order.created_at <= query.to).map(orderFactsOf);
  const segments = offsetSegments(query.from, query.to, timeZone);
  const offsetAt = (unix: number) => segments.find((segment) => unix <= segment.to)?.offsetS ?? segments.at(-1)?.offsetS ?? 0;
  const firstDay = localDateAt(query.from, timeZone).toEpochDay();
  const lastDay = localDateAt(query.to, timeZone).toEpochDay();
  const days = Array.from({ length: lastDay - firstDay + 1 }, (_, index) => ({ date: isoDateOfEpochDay(firstDay + index), ...outcomes() }));
  const totals = outcomes();
  const heat = new Map<number, { weekday: number; hour: number; orders: number }>();
  for (const fact of facts) {
    const { epochDay, weekday, hour } = localBuckets(fact.created_at + offsetAt(fact.created_at));
    const day = days[epochDay - firstDay];
    if (day) count(day, fact);
    count(totals, fact);
    const cell = heat.get(weekday * 24 + hour) ?? { weekday, hour, orders: 0 };
    cell.orders += 1;
    heat.set(weekday * 24 + hour, cell);
  }
  const durations = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return { count: present.length, average_s: present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length, p90_s: nearestRankPercentile(present, 90) };
  };
  const onTime = facts.filter((fact) => fact.on_time === 1).length;
  const cancelled = facts.filter((fact) => fact.outcome === 'cancelled');
  const cells = tally(facts.filter((fact) => fact.drop_cell_lat !== null && fact.drop_cell_lng !== null).map((fact) => `${fact.drop_cell_lat} ${fact.drop_cell_lng}`));
  const sum = (pick: (fact: OrderFacts) => number) => facts.reduce((total, fact) => total + pick(fact), 0);
  return {
    time_zone: timeZone,
    currency: vendor.currency,
    from: query.from,
    to: query.to,
    totals,
    days,
    on_time: { delivered: totals.delivered, on_time: onTime, rate: totals.delivered === 0 ? null : onTime / totals.delivered },
    request_to_pickup: durations(facts.map((fact) => fact.request_to_pickup_s)),
    pickup_to_delivery: durations(facts.map((fact) => fact.pickup_to_delivery_s)),
    cancellations: {
      by_reason: tally(cancelled.map((fact) => fact.cancel_reason)).map(([reason, orders]) => ({ reason, orders })),
      by_who: tally(cancelled.map((fact) => fact.cancelled_by ?? 'unknown')).map(([who, orders]) => ({ cancelled_by: who, orders })),
    },
    outlets: [{
      vendor_id: vendor.vendorId, name: vendor.name, ...totals,
      fees: sum((fact) => fact.fee), discounts: sum((fact) => fact.discount), cash_collected: sum((fact) => fact.cash_collected),
    }],
    heat_map: [...heat.entries()].sort(([a], [b]) => a - b).map(([, cell]) => cell),
    drop_offs: {
      clusters: cells.map(([key, orders]) => {
        const [lat, lng] = key.split(' ').map(Number);
        return { latitude: dropOffCellCentre(lat ?? 0), longitude: dropOffCellCentre(lng ?? 0), orders };
      }),
      capped: false,
    },
  };
}
