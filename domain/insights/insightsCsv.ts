// The Insights page's CSV export ("export as CSV"): the figures the charts show, one table
// after another, with the page's translated headings (the screen passes them in); the spend table ends
// with the same "All outlets" row as on screen (outletTotals.ts). Numbers stay plain
// (a dot for decimals, no grouping) so any spreadsheet reads them; text cells that a spreadsheet would
// run as a formula are neutralised as in the order export (bulkFile.ts).
import type { Insights } from '../api/insights';
import { neutraliseSpreadsheetCell } from '../bulkFile';
import { allOutletsRow } from './outletTotals';

/** Headings of the export, translated by the caller. */
export interface InsightsCsvLabels {
  days: { title: string; date: string; orders: string; delivered: string; returned: string; cancelled: string; inProgress: string };
  outlets: { title: string; outlet: string; orders: string; fees: string; discounts: string; cashCollected: string; allOutlets: string };
  durations: { title: string; measure: string; count: string; averageMin: string; p90Min: string; requestToPickup: string; pickupToDelivery: string };
  onTime: { title: string; delivered: string; onTime: string; ratePercent: string };
  cancellations: { title: string; reason: string; cancelledBy: string; orders: string };
  heatMap: { title: string; weekday: string; hour: string; orders: string };
  /** A cancel reason key, who cancelled and a weekday index (Monday 0) as the page shows them. */
  reason: (key: string | null) => string;
  cancelledBy: (who: string) => string;
  weekday: (index: number) => string;
}

type Cell = string | number | null;

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. */
function csvCell(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : String(neutraliseSpreadsheetCell(cell));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The tables as rows: a title row, a header row, the data, then an empty row before the next. */
export function insightsCsvRows(insights: Insights, labels: InsightsCsvLabels): Cell[][] {
  const d = labels.days;
  const o = labels.outlets;
  const t = labels.durations;
  const c = labels.cancellations;
  const h = labels.heatMap;
  const total = allOutletsRow(insights.outlets);
  const percent = insights.on_time.rate === null ? null : Math.round(insights.on_time.rate * 1000) / 10;
  return [
    [d.title], [d.date, d.orders, d.delivered, d.returned, d.cancelled, d.inProgress],
    ...insights.days.map((day) => [day.date, day.orders, day.delivered, day.returned, day.cancelled, day.in_progress]),
    [],
    [labels.onTime.title], [labels.onTime.delivered, labels.onTime.onTime, labels.onTime.ratePercent],
    [insights.on_time.delivered, insights.on_time.on_time, percent],
    [],
    [t.title], [t.measure, t.count, t.averageMin, t.p90Min],
    [t.requestToPickup, insights.request_to_pickup.count, minutes(insights.request_to_pickup.average_s), minutes(insights.request_to_pickup.p90_s)],
    [t.pickupToDelivery, insights.pickup_to_delivery.count, minutes(insights.pickup_to_delivery.average_s), minutes(insights.pickup_to_delivery.p90_s)],
    [],
    [c.title], [c.reason, c.orders],
    ...insights.cancellations.by_reason.map((row) => [labels.reason(row.reason), row.orders]),
    [c.cancelledBy, c.orders],
    ...insights.cancellations.by_who.map((row) => [labels.cancelledBy(row.cancelled_by), row.orders]),
    [],
    [o.title], [o.outlet, o.orders, o.fees, o.discounts, o.cashCollected],
    ...insights.outlets.map((outlet) => [outlet.name, outlet.orders, outlet.fees, outlet.discounts, outlet.cash_collected]),
    ...(total ? [[o.allOutlets, total.orders, total.fees, total.discounts, total.cash_collected]] : []),
    [],
    [h.title], [h.weekday, h.hour, h.orders],
    ...insights.heat_map.map((cell) => [labels.weekday(cell.weekday), cell.hour, cell.orders]),
  ];
}

/** The export's text: CRLF line ends (RFC 4180) and a byte-order mark so spreadsheets read UTF-8 (Arabic names). */
export function insightsCsv(insights: Insights, labels: InsightsCsvLabels): string {
  return `\uFEFF${insightsCsvRows(insights, labels).map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
