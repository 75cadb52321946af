// The Insights figures as SQL aggregates over order_facts (issue 26): every figure is computed by the
// database, in plain SQL that SQLite and PostgreSQL both run. Local days and hours come from integer
// arithmetic on `created_at + offset`, the offsets cut where the zone's rules change them
// (domain/insights/zoneOffsets.ts), so no dialect's time-zone functions are needed.
import { sql, type RawBuilder } from 'kysely';
import { DROP_OFF_CLUSTERS_MAX, type DurationFigures, type HeatCell, type Insights, type OutletInsights } from '../../domain/api';
import { DAY_S, EPOCH_WEEKDAY_SHIFT, HOUR_S, isoDateOfEpochDay, nearestRankIndex, offsetSegments, type OrderOutcome } from '../../domain/insights';
import { localDateAt } from '../../domain/zonedTime';
import type { Db } from '../db/connect';

export interface InsightsScope {
  vendorIds: readonly string[];
  /** Inclusive, unix seconds. */
  from: number;
  to: number;
  timeZone: string;
}

/** About 1.1 km of latitude: drop-offs are grouped on a grid of 1/100 degree. */
const GRID_PER_DEGREE = 100;
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

/** Per vendor: outcomes, on-time deliveries, duration sums and spend, in one pass. */
async function perVendor(db: Db, scope: InsightsScope) {
  const rows = await factsOf(db, scope)
    .select((eb) => [
      'vendor_id',
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
    .groupBy('vendor_id')
    .execute();
  return rows.map((row) => ({
    vendor_id: row.vendor_id,
    orders: Number(row.orders), delivered: Number(row.delivered), returned: Number(row.returned),
    cancelled: Number(row.cancelled), in_progress: Number(row.in_progress), on_time: Number(row.on_time ?? 0),
    pickup_count: Number(row.pickup_count), pickup_sum: Number(row.pickup_sum ?? 0),
    delivery_count: Number(row.delivery_count), delivery_sum: Number(row.delivery_sum ?? 0),
    fees: Number(row.fees ?? 0), discounts: Number(row.discounts ?? 0), cash_collected: Number(row.cash_collected ?? 0),
  }));
}

async function perDay(db: Db, scope: InsightsScope) {
  const day = sql<number>`${localSecondsOf(scope)} / ${sql.lit(DAY_S)}`;
  const rows = await factsOf(db, scope)
    .select([
      day.as('epoch_day'),
      outcomeCount('delivered').as('delivered'),
      outcomeCount('returned').as('returned'),
      outcomeCount('cancelled').as('cancelled'),
      outcomeCount('in_progress').as('in_progress'),
    ])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({
    epochDay: Number(row.epoch_day), delivered: Number(row.delivered), returned: Number(row.returned), cancelled: Number(row.cancelled), in_progress: Number(row.in_progress),
  }));
}

async function heatMap(db: Db, scope: InsightsScope): Promise<HeatCell[]> {
  const local = localSecondsOf(scope);
  const weekday = sql<number>`(${local} / ${sql.lit(DAY_S)} + ${sql.lit(EPOCH_WEEKDAY_SHIFT)}) % 7`;
  const hour = sql<number>`(${local} % ${sql.lit(DAY_S)}) / ${sql.lit(HOUR_S)}`;
  const rows = await factsOf(db, scope)
    .select((eb) => [weekday.as('weekday'), hour.as('hour'), eb.fn.countAll<number>().as('orders')])
    .groupBy([weekday, hour])
    .execute();
  return rows
    .map((row) => ({ weekday: Number(row.weekday), hour: Number(row.hour), orders: Number(row.orders) }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
}

async function cancellations(db: Db, scope: InsightsScope): Promise<Insights['cancellations']> {
  const cancelled = factsOf(db, scope).where('outcome', '=', 'cancelled');
  const [reasons, who] = await Promise.all([
    cancelled.select((eb) => ['cancel_reason', eb.fn.countAll<number>().as('orders')]).groupBy('cancel_reason').execute(),
    cancelled.select((eb) => ['cancelled_by', eb.fn.countAll<number>().as('orders')]).groupBy('cancelled_by').execute(),
  ]);
  const busiestFirst = <T extends { orders: number; key: string }>(a: T, b: T) => b.orders - a.orders || a.key.localeCompare(b.key);
  return {
    by_reason: reasons.map((r) => ({ reason: r.cancel_reason, orders: Number(r.orders), key: r.cancel_reason ?? '' })).sort(busiestFirst)
      .map(({ reason, orders }) => ({ reason, orders })),
    by_who: who.map((r) => ({ cancelled_by: r.cancelled_by ?? 'unknown', orders: Number(r.orders), key: r.cancelled_by ?? '' })).sort(busiestFirst)
      .map(({ cancelled_by, orders }) => ({ cancelled_by, orders })),
  };
}

/** The nearest-rank p90 (domain/insights/percentile.ts): the one row at that rank, ORDER BY ... OFFSET. */
async function p90Of(db: Db, scope: InsightsScope, column: 'request_to_pickup_s' | 'pickup_to_delivery_s', count: number): Promise<number | null> {
  const index = nearestRankIndex(count, P90);
  if (index === null) return null;
  const row = await factsOf(db, scope).select(column).where(column, 'is not', null).orderBy(column).limit(1).offset(index).executeTakeFirst();
  const value = row?.[column];
  return value === null || value === undefined ? null : Number(value);
}

async function dropOffs(db: Db, scope: InsightsScope): Promise<Insights['drop_offs']> {
  const cellLat = sql<number>`round(drop_latitude * ${sql.lit(GRID_PER_DEGREE)})`;
  const cellLng = sql<number>`round(drop_longitude * ${sql.lit(GRID_PER_DEGREE)})`;
  const rows = await factsOf(db, scope)
    .where('drop_latitude', 'is not', null)
    .where('drop_longitude', 'is not', null)
    .select((eb) => [
      eb.fn.avg<number>('drop_latitude').as('latitude'),
      eb.fn.avg<number>('drop_longitude').as('longitude'),
      eb.fn.countAll<number>().as('orders'),
    ])
    .groupBy([cellLat, cellLng])
    // Busiest first; the cell's position breaks ties, so the capped list is the same on both stores.
    .orderBy(sql`count(*)`, 'desc').orderBy(cellLat).orderBy(cellLng)
    .limit(DROP_OFF_CLUSTERS_MAX + 1)
    .execute();
  const round6 = (value: number) => Math.round(Number(value) * 1e6) / 1e6;
  return {
    clusters: rows.slice(0, DROP_OFF_CLUSTERS_MAX).map((row) => ({ latitude: round6(row.latitude), longitude: round6(row.longitude), orders: Number(row.orders) })),
    capped: rows.length > DROP_OFF_CLUSTERS_MAX,
  };
}

const duration = (count: number, sum: number, p90: number | null): DurationFigures => ({ count, average_s: count === 0 ? null : sum / count, p90_s: p90 });

/** Every figure of the page; `names` gives each vendor's display name, `currency` the vendor's. */
export async function computeInsights(db: Db, scope: InsightsScope, names: ReadonlyMap<string, string>, currency: string): Promise<Insights> {
  const [vendors, days, heat, cancelled, drops] = await Promise.all([
    perVendor(db, scope), perDay(db, scope), heatMap(db, scope), cancellations(db, scope), dropOffs(db, scope),
  ]);
  const sum = (pick: (row: (typeof vendors)[number]) => number) => vendors.reduce((total, row) => total + pick(row), 0);
  const pickupCount = sum((v) => v.pickup_count);
  const deliveryCount = sum((v) => v.delivery_count);
  const [pickupP90, deliveryP90] = await Promise.all([
    p90Of(db, scope, 'request_to_pickup_s', pickupCount),
    p90Of(db, scope, 'pickup_to_delivery_s', deliveryCount),
  ]);
  const delivered = sum((v) => v.delivered);
  const onTime = sum((v) => v.on_time);
  const firstDay = localDateAt(scope.from, scope.timeZone).toEpochDay();
  const lastDay = localDateAt(scope.to, scope.timeZone).toEpochDay();
  const byDay = new Map(days.map((day) => [day.epochDay, day]));
  const outlets: OutletInsights[] = scope.vendorIds.map((vendorId) => {
    const row = vendors.find((v) => v.vendor_id === vendorId);
    return {
      vendor_id: vendorId, name: names.get(vendorId) ?? vendorId,
      orders: row?.orders ?? 0, delivered: row?.delivered ?? 0, returned: row?.returned ?? 0, cancelled: row?.cancelled ?? 0, in_progress: row?.in_progress ?? 0,
      fees: row?.fees ?? 0, discounts: row?.discounts ?? 0, cash_collected: row?.cash_collected ?? 0,
    };
  });
  return {
    time_zone: scope.timeZone,
    currency,
    from: scope.from,
    to: scope.to,
    totals: { orders: sum((v) => v.orders), delivered, returned: sum((v) => v.returned), cancelled: sum((v) => v.cancelled), in_progress: sum((v) => v.in_progress) },
    days: Array.from({ length: lastDay - firstDay + 1 }, (_, index) => {
      const day = byDay.get(firstDay + index);
      const counts = { delivered: day?.delivered ?? 0, returned: day?.returned ?? 0, cancelled: day?.cancelled ?? 0, in_progress: day?.in_progress ?? 0 };
      return { date: isoDateOfEpochDay(firstDay + index), orders: counts.delivered + counts.returned + counts.cancelled + counts.in_progress, ...counts };
    }),
    on_time: { delivered, on_time: onTime, rate: delivered === 0 ? null : onTime / delivered },
    request_to_pickup: duration(pickupCount, sum((v) => v.pickup_sum), pickupP90),
    pickup_to_delivery: duration(deliveryCount, sum((v) => v.delivery_sum), deliveryP90),
    cancellations: cancelled,
    outlets,
    heat_map: heat,
    drop_offs: drops,
  };
}
