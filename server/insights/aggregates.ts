// The Insights figures as SQL aggregates over order_facts: the database reads the period's
// rows and hands back grouped sums, never the rows themselves. Plain SQL that SQLite and PostgreSQL
// both run: local hours come from integer arithmetic on `created_at + offset`, the offsets cut where
// the zone's rules change them (domain/insights/zoneOffsets.ts), so no dialect's time-zone functions.
// Four scans of the period (bench/insights.ts measures them): hourly buckets per vendor (outcomes,
// on time, durations, spend; days, weekday x hour and outlets are sums of these), cancellations,
// the duration values for the two p90s, and the drop-off cells.
import { sql, type RawBuilder } from 'kysely';
import { DROP_OFF_CLUSTERS_MAX, type DurationFigures, type HeatCell, type Insights, type InsightsDay, type OutletInsights } from '../../domain/api';
import { dropOffCellCentre, HOUR_S, isoDateOfEpochDay, localBuckets, nearestRankIndex, offsetSegments, type OrderOutcome } from '../../domain/insights';
import { localDateAt } from '../../domain/zonedTime';
import type { Db } from '../db/connect';

export interface InsightsScope {
  vendorIds: readonly string[];
  /** Inclusive, unix seconds. */
  from: number;
  to: number;
  timeZone: string;
}

const P90 = 90;

function factsOf(db: Db, scope: InsightsScope) {
  return db.selectFrom('order_facts')
    .where('vendor_id', 'in', [...scope.vendorIds])
    .where('created_at', '>=', scope.from)
    .where('created_at', '<=', scope.to);
}

/**
 * Local seconds of created_at: `created_at + offset`, the offset picked by a CASE over the period's
 * pieces. Offsets are inlined literals (our own integers), so the same text can be grouped by and
 * PostgreSQL never has to guess a parameter's type.
 */
function localSecondsOf(scope: InsightsScope): RawBuilder<number> {
  const segments = offsetSegments(scope.from, scope.to, scope.timeZone);
  const last = segments[segments.length - 1];
  if (segments.length === 1 || !last) return sql<number>`(created_at + ${sql.lit(last?.offsetS ?? 0)})`;
  const whens = segments.slice(0, -1).map((segment) => sql`when created_at <= ${sql.lit(segment.to)} then ${sql.lit(segment.offsetS)}`);
  return sql<number>`(created_at + case ${sql.join(whens, sql` `)} else ${sql.lit(last.offsetS)} end)`;
}

const outcomeCount = (outcome: OrderOutcome) => sql<number>`sum(case when outcome = ${sql.lit(outcome)} then 1 else 0 end)`;

interface Bucket {
  vendorId: string;
  /** Local hours since the local epoch. */
  localHour: number;
  orders: number; delivered: number; returned: number; cancelled: number; in_progress: number; on_time: number;
  pickupCount: number; pickupSum: number; deliveryCount: number; deliverySum: number;
  fees: number; discounts: number; cash: number;
}

/** Per vendor and local hour: outcomes, on-time deliveries, duration sums and spend, in one scan. */
async function hourlyBuckets(db: Db, scope: InsightsScope): Promise<Bucket[]> {
  const localHour = sql<number>`${localSecondsOf(scope)} / ${sql.lit(HOUR_S)}`;
  const rows = await factsOf(db, scope)
    .select((eb) => [
      'vendor_id',
      localHour.as('local_hour'),
      eb.fn.countAll<number>().as('orders'),
      outcomeCount('delivered').as('delivered'),
      outcomeCount('returned').as('returned'),
      outcomeCount('cancelled').as('cancelled'),
      outcomeCount('in_progress').as('in_progress'),
      eb.fn.sum<number | null>('on_time').as('on_time'),
      eb.fn.count<number>('request_to_pickup_s').as('pickup_count'),
      eb.fn.sum<number | null>('request_to_pickup_s').as('pickup_sum'),
      eb.fn.count<number>('pickup_to_delivery_s').as('delivery_count'),
      eb.fn.sum<number | null>('pickup_to_delivery_s').as('delivery_sum'),
      eb.fn.sum<number>('fee').as('fees'),
      eb.fn.sum<number>('discount').as('discounts'),
      eb.fn.sum<number>('cash_collected').as('cash_collected'),
    ])
    .groupBy(['vendor_id', localHour])
    .execute();
  return rows.map((row) => ({
    vendorId: row.vendor_id, localHour: Number(row.local_hour),
    orders: Number(row.orders), delivered: Number(row.delivered), returned: Number(row.returned),
    cancelled: Number(row.cancelled), in_progress: Number(row.in_progress), on_time: Number(row.on_time ?? 0),
    pickupCount: Number(row.pickup_count), pickupSum: Number(row.pickup_sum ?? 0),
    deliveryCount: Number(row.delivery_count), deliverySum: Number(row.delivery_sum ?? 0),
    fees: Number(row.fees ?? 0), discounts: Number(row.discounts ?? 0), cash: Number(row.cash_collected ?? 0),
  }));
}

async function cancellations(db: Db, scope: InsightsScope): Promise<Insights['cancellations']> {
  const rows = await factsOf(db, scope).where('outcome', '=', 'cancelled')
    .select((eb) => ['cancel_reason', 'cancelled_by', eb.fn.countAll<number>().as('orders')])
    .groupBy(['cancel_reason', 'cancelled_by'])
    .execute();
  const tally = (key: (row: (typeof rows)[number]) => string | null) => {
    const counts = new Map<string | null, number>();
    for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + Number(row.orders));
    // Most first; ties in key order, so both stores answer the same list.
    return [...counts].sort(([a, x], [b, y]) => y - x || (a ?? '').localeCompare(b ?? ''));
  };
  return {
    by_reason: tally((row) => row.cancel_reason).map(([reason, orders]) => ({ reason, orders })),
    by_who: tally((row) => row.cancelled_by ?? 'unknown').map(([who, orders]) => ({ cancelled_by: who ?? 'unknown', orders })),
  };
}

/**
 * The nearest-rank p90 (domain/insights/percentile.ts), exact: SQL counts each distinct duration
 * (seconds), and the value whose cumulative count first passes the rank is the answer.
 */
async function p90Of(db: Db, scope: InsightsScope, column: 'request_to_pickup_s' | 'pickup_to_delivery_s', count: number): Promise<number | null> {
  const index = nearestRankIndex(count, P90);
  if (index === null) return null;
  const rows = await factsOf(db, scope).where(column, 'is not', null)
    .select((eb) => [eb.ref(column).as('seconds'), eb.fn.countAll<number>().as('orders')])
    .groupBy(column)
    .orderBy(column)
    .execute();
  let seen = 0;
  for (const row of rows) {
    seen += Number(row.orders);
    if (seen > index) return Number(row.seconds);
  }
  return null;
}

async function dropOffs(db: Db, scope: InsightsScope): Promise<Insights['drop_offs']> {
  const rows = await factsOf(db, scope)
    .where('drop_cell_lat', 'is not', null)
    .where('drop_cell_lng', 'is not', null)
    .select((eb) => ['drop_cell_lat', 'drop_cell_lng', eb.fn.countAll<number>().as('orders')])
    .groupBy(['drop_cell_lat', 'drop_cell_lng'])
    // Busiest first; the cell breaks ties, so the capped list is the same on both stores.
    .orderBy(sql`count(*)`, 'desc').orderBy('drop_cell_lat').orderBy('drop_cell_lng')
    .limit(DROP_OFF_CLUSTERS_MAX + 1)
    .execute();
  return {
    clusters: rows.slice(0, DROP_OFF_CLUSTERS_MAX).map((row) => ({
      latitude: dropOffCellCentre(Number(row.drop_cell_lat)), longitude: dropOffCellCentre(Number(row.drop_cell_lng)), orders: Number(row.orders),
    })),
    capped: rows.length > DROP_OFF_CLUSTERS_MAX,
  };
}

const duration = (count: number, sum: number, p90: number | null): DurationFigures => ({ count, average_s: count === 0 ? null : sum / count, p90_s: p90 });
const outcomes = () => ({ orders: 0, delivered: 0, returned: 0, cancelled: 0, in_progress: 0 });

function addOutcomes(into: ReturnType<typeof outcomes>, bucket: Bucket): void {
  into.orders += bucket.orders;
  into.delivered += bucket.delivered;
  into.returned += bucket.returned;
  into.cancelled += bucket.cancelled;
  into.in_progress += bucket.in_progress;
}

/** Every figure of the page; `names` gives each vendor's display name, `currency` the vendor's. */
export async function computeInsights(db: Db, scope: InsightsScope, names: ReadonlyMap<string, string>, currency: string): Promise<Insights> {
  const [buckets, cancelled, drops] = await Promise.all([hourlyBuckets(db, scope), cancellations(db, scope), dropOffs(db, scope)]);
  const sum = (pick: (bucket: Bucket) => number) => buckets.reduce((total, bucket) => total + pick(bucket), 0);
  const pickupCount = sum((b) => b.pickupCount);
  const deliveryCount = sum((b) => b.deliveryCount);
  const [pickupP90, deliveryP90] = await Promise.all([
    p90Of(db, scope, 'request_to_pickup_s', pickupCount),
    p90Of(db, scope, 'pickup_to_delivery_s', deliveryCount),
  ]);

  // Days, weekday x hour and outlets are sums of the hourly buckets.
  const firstDay = localDateAt(scope.from, scope.timeZone).toEpochDay();
  const lastDay = localDateAt(scope.to, scope.timeZone).toEpochDay();
  const days: InsightsDay[] = Array.from({ length: lastDay - firstDay + 1 }, (_, index) => ({ date: isoDateOfEpochDay(firstDay + index), ...outcomes() }));
  const heat = new Map<number, HeatCell>();
  const outlets = new Map<string, OutletInsights>(scope.vendorIds.map((vendorId) => [vendorId, {
    vendor_id: vendorId, name: names.get(vendorId) ?? vendorId, ...outcomes(), fees: 0, discounts: 0, cash_collected: 0,
  }]));
  const totals = outcomes();
  for (const bucket of buckets) {
    const { epochDay, weekday, hour } = localBuckets(bucket.localHour * HOUR_S);
    const day = days[epochDay - firstDay];
    if (day) addOutcomes(day, bucket);
    addOutcomes(totals, bucket);
    const cell = heat.get(weekday * 24 + hour) ?? { weekday, hour, orders: 0 };
    cell.orders += bucket.orders;
    heat.set(weekday * 24 + hour, cell);
    const outlet = outlets.get(bucket.vendorId);
    if (outlet) {
      addOutcomes(outlet, bucket);
      outlet.fees += bucket.fees;
      outlet.discounts += bucket.discounts;
      outlet.cash_collected += bucket.cash;
    }
  }
  const delivered = totals.delivered;
  const onTime = sum((b) => b.on_time);
  return {
    time_zone: scope.timeZone,
    currency,
    from: scope.from,
    to: scope.to,
    totals,
    days,
    on_time: { delivered, on_time: onTime, rate: delivered === 0 ? null : onTime / delivered },
    request_to_pickup: duration(pickupCount, sum((b) => b.pickupSum), pickupP90),
    pickup_to_delivery: duration(deliveryCount, sum((b) => b.deliverySum), deliveryP90),
    cancellations: cancelled,
    outlets: [...outlets.values()],
    heat_map: [...heat.entries()].sort(([a], [b]) => a - b).map(([, cell]) => cell),
    drop_offs: drops,
  };
}
