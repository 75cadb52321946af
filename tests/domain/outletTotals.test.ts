// The "All outlets" row (domain/insights/outletTotals.ts): every outlet shown, added up, money to the
// thousandth without binary drift.
import { describe, expect, it } from 'vitest';
import { allOutletsRow, outletTotals } from '../../domain/insights';

describe('outletTotals', () => {
  it('adds orders and money of every outlet', () => {
    expect(outletTotals([
      { orders: 3, fees: 30.5, discounts: 3, cash_collected: 120.25 },
      { orders: 0, fees: 0, discounts: 0, cash_collected: 0 },
      { orders: 2, fees: 19.75, discounts: 0, cash_collected: 40 },
    ])).toEqual({ orders: 5, fees: 50.25, discounts: 3, cash_collected: 160.25 });
  });

  it('keeps decimal money exact (0.1 + 0.2 is 0.3; a Kuwaiti dinar has three decimals)', () => {
    expect(outletTotals([{ orders: 1, fees: 0.1, discounts: 0.125, cash_collected: 0 }, { orders: 1, fees: 0.2, discounts: 0.005, cash_collected: 0 }]))
      .toEqual({ orders: 2, fees: 0.3, discounts: 0.13, cash_collected: 0 });
  });

  it('is zero for no outlets', () => {
    expect(outletTotals([])).toEqual({ orders: 0, fees: 0, discounts: 0, cash_collected: 0 });
  });

  it('gives the "All outlets" row only for several outlets: one outlet is its own total', () => {
    const outlet = { orders: 2, fees: 10, discounts: 1, cash_collected: 50 };
    expect(allOutletsRow([outlet])).toBeNull();
    expect(allOutletsRow([])).toBeNull();
    expect(allOutletsRow([outlet, outlet])).toEqual({ orders: 4, fees: 20, discounts: 2, cash_collected: 100 });
  });
});
