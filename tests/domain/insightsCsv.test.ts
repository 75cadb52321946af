// The Insights CSV export (issue 26: "export as CSV"): every table, plain numbers, quoting and
// formula neutralisation as the order export, and the spend table's "All outlets" row as on screen.
import { describe, expect, it } from 'vitest';
import { insightsCsv, type InsightsCsvLabels } from '../../domain';
import type { Insights } from '../../domain/api';

const counts = { orders: 2, delivered: 1, returned: 0, cancelled: 1, in_progress: 0 };
const insights: Insights = {
  time_zone: 'Asia/Dubai', currency: 'SAR', from: 0, to: 1, totals: counts,
  days: [{ date: '2026-03-09', ...counts }],
  on_time: { delivered: 3, on_time: 2, rate: 2 / 3 },
  request_to_pickup: { count: 5, average_s: 1700, p90_s: 4800 },
  pickup_to_delivery: { count: 0, average_s: null, p90_s: null },
  cancellations: { by_reason: [{ reason: 'cancel.reason.duplicate-order', orders: 1 }, { reason: null, orders: 2 }], by_who: [{ cancelled_by: 'vendor', orders: 1 }] },
  outlets: [{ vendor_id: 'sa-1', name: '=Bakery, "Olaya"', ...counts, fees: 73.5, discounts: 5, cash_collected: 188 }],
  heat_map: [{ weekday: 0, hour: 8, orders: 2 }],
  drop_offs: { clusters: [], capped: false },
};

const labels: InsightsCsvLabels = {
  days: { title: 'Orders per day', date: 'Day', orders: 'Orders', delivered: 'Delivered', returned: 'Returned', cancelled: 'Cancelled', inProgress: 'In progress' },
  outlets: { title: 'Spend per outlet', outlet: 'Outlet', orders: 'Orders', fees: 'Fees', discounts: 'Discounts', cashCollected: 'Cash collected', allOutlets: 'All outlets' },
  durations: { title: 'Times', measure: 'Measure', count: 'Orders', averageMin: 'Average (min)', p90Min: 'P90 (min)', requestToPickup: 'Request to pick-up', pickupToDelivery: 'Pick-up to delivery' },
  onTime: { title: 'On time', delivered: 'Delivered', onTime: 'On time', ratePercent: 'Rate (%)' },
  cancellations: { title: 'Cancellations', reason: 'Reason', cancelledBy: 'Cancelled by', orders: 'Orders' },
  heatMap: { title: 'Busiest hours', weekday: 'Weekday', hour: 'Hour', orders: 'Orders' },
  reason: (key) => (key === null ? 'None given' : `R:${key}`),
  cancelledBy: (who) => `W:${who}`,
  weekday: (index) => ['Monday', 'Tuesday'][index] ?? String(index),
};

describe('insightsCsv', () => {
  const text = insightsCsv(insights, labels);
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');

  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes every table: days, on time in percent, times in minutes, cancellations, outlets, weekday x hour', () => {
    expect(lines).toEqual([
      'Orders per day', 'Day,Orders,Delivered,Returned,Cancelled,In progress', '2026-03-09,2,1,0,1,0', '',
      'On time', 'Delivered,On time,Rate (%)', '3,2,66.7', '',
      'Times', 'Measure,Orders,Average (min),P90 (min)', 'Request to pick-up,5,28.3,80', 'Pick-up to delivery,0,,', '',
      'Cancellations', 'Reason,Orders', 'R:cancel.reason.duplicate-order,1', 'None given,2', 'Cancelled by,Orders', 'W:vendor,1', '',
      'Spend per outlet', 'Outlet,Orders,Fees,Discounts,Cash collected', `"'=Bakery, ""Olaya""",2,73.5,5,188`, '',
      'Busiest hours', 'Weekday,Hour,Orders', 'Monday,8,2', '',
    ]);
  });

  it('ends the spend table with an "All outlets" row when a parent sees several outlets, money added without drift', () => {
    const outlet = (vendor_id: string, name: string, orders: number, fees: number, discounts: number, cash_collected: number) =>
      ({ vendor_id, name, ...counts, orders, fees, discounts, cash_collected });
    const parent = { ...insights, outlets: [outlet('sa-1', 'Head office', 0, 0, 0, 0), outlet('sa-2', 'Olaya', 3, 30.1, 0.125, 120.2), outlet('sa-3', 'Malqa', 2, 20.2, 0.005, 40)] };
    const rows = insightsCsv(parent, labels).split('\r\n');
    const spend = rows.slice(rows.indexOf('Spend per outlet'), rows.indexOf('Busiest hours'));
    expect(spend).toEqual([
      'Spend per outlet', 'Outlet,Orders,Fees,Discounts,Cash collected',
      'Head office,0,0,0,0', 'Olaya,3,30.1,0.125,120.2', 'Malqa,2,20.2,0.005,40',
      'All outlets,5,50.3,0.13,160.2', '',
    ]);
  });
});
