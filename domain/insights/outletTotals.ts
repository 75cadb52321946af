// The "All outlets" row of the Insights page's spend table and of its CSV export (issue #26: a parent
// vendor sees its outlets side by side, then all of them together): the sum of every row shown.
import type { OutletInsights } from '../api/insights';

export type OutletTotals = Pick<OutletInsights, 'orders' | 'fees' | 'discounts' | 'cash_collected'>;

/** Money is added in thousandths (the finest currency unit, e.g. KWD's fils), so 0.1 + 0.2 stays 0.3. */
const THOUSANDTHS = 1000;
const sumMoney = (amounts: readonly number[]) => amounts.reduce((sum, amount) => sum + Math.round(amount * THOUSANDTHS), 0) / THOUSANDTHS;

export function outletTotals(outlets: readonly OutletTotals[]): OutletTotals {
  return {
    orders: outlets.reduce((sum, outlet) => sum + outlet.orders, 0),
    fees: sumMoney(outlets.map((outlet) => outlet.fees)),
    discounts: sumMoney(outlets.map((outlet) => outlet.discounts)),
    cash_collected: sumMoney(outlets.map((outlet) => outlet.cash_collected)),
  };
}

/** The "All outlets" row, shown only when there are several outlets (one outlet's total is its own row). */
export function allOutletsRow(outlets: readonly OutletTotals[]): OutletTotals | null {
  return outlets.length > 1 ? outletTotals(outlets) : null;
}
