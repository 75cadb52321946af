// GET /vendor/{vendorId}/insights (server/README.md, an addition to API.md): the
// Insights page's figures for a period, under the order list's tenancy.
import { Type, type Static } from 'typebox';

/** 9999-12-31T23:59:59Z: beyond it js-joda cannot place an instant on a calendar. */
const LATEST_UNIX = 253_402_300_799;

export const InsightsQuery = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: LATEST_UNIX, description: 'Unix seconds, inclusive; with `to`. Absent: the past 30 days.' })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: LATEST_UNIX, description: 'Unix seconds, inclusive.' })),
  include_outlets: Type.Optional(Type.Boolean({ description: "A parent vendor's outlets too, as the order list." })),
}, { additionalProperties: false });
export type InsightsQuery = Static<typeof InsightsQuery>;

const Count = Type.Integer({ minimum: 0 });
const Money = Type.Number();

export const OutcomeCounts = Type.Object({ orders: Count, delivered: Count, returned: Count, cancelled: Count, in_progress: Count });
export type OutcomeCounts = Static<typeof OutcomeCounts>;

export const InsightsDay = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD in the vendor\'s time zone.' }), ...OutcomeCounts.properties });
export type InsightsDay = Static<typeof InsightsDay>;

export const DurationFigures = Type.Object({
  count: Count,
  average_s: Type.Union([Type.Number(), Type.Null()], { description: 'Seconds; null without orders.' }),
  p90_s: Type.Union([Type.Number(), Type.Null()], { description: 'Nearest-rank 90th percentile, seconds.' }),
});
export type DurationFigures = Static<typeof DurationFigures>;

export const OnTimeFigures = Type.Object({
  delivered: Count,
  on_time: Count,
  rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'on_time / delivered; null without deliveries.' }),
});
export type OnTimeFigures = Static<typeof OnTimeFigures>;

export const OutletInsights = Type.Object({
  vendor_id: Type.String(),
  name: Type.String(),
  ...OutcomeCounts.properties,
  fees: Money,
  discounts: Money,
  cash_collected: Money,
});
export type OutletInsights = Static<typeof OutletInsights>;

export const HeatCell = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: 'Monday 0 ... Sunday 6.' }),
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  orders: Count,
});
export type HeatCell = Static<typeof HeatCell>;

export const DropOffCluster = Type.Object({ latitude: Type.Number(), longitude: Type.Number(), orders: Count });
export type DropOffCluster = Static<typeof DropOffCluster>;

export const Insights = Type.Object({
  time_zone: Type.String(),
  currency: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  totals: OutcomeCounts,
  days: Type.Array(InsightsDay),
  on_time: OnTimeFigures,
  request_to_pickup: DurationFigures,
  pickup_to_delivery: DurationFigures,
  cancellations: Type.Object({
    by_reason: Type.Array(Type.Object({ reason: Type.Union([Type.String(), Type.Null()], { description: 'A cancel.reason.* key; null: none given.' }), orders: Count })),
    by_who: Type.Array(Type.Object({ cancelled_by: Type.String({ description: 'vendor, sender, courier or unknown.' }), orders: Count })),
  }),
  outlets: Type.Array(OutletInsights),
  heat_map: Type.Array(HeatCell, { description: 'Orders per weekday and local hour; cells without orders left out.' }),
  drop_offs: Type.Object({
    clusters: Type.Array(DropOffCluster, { description: 'Drop-offs grouped on a grid of about 1 km, busiest first.' }),
    capped: Type.Boolean({ description: 'True when more clusters exist than were sent.' }),
  }),
});
export type Insights = Static<typeof Insights>;

/** Clusters sent at most: enough for a city map, bounded for any period. */
export const DROP_OFF_CLUSTERS_MAX = 400;
