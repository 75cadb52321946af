import { formattingLocale } from '../../src/i18n/bcp47';
// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderListQuery, OrderTrend, OrderTrendQuery } from '../../adapters/ports';
import { dailyOrderTrend, dateRangeFor } from '../../domain';
import { OrdersTrendChart, type TrendChartStatus } from '../../src/screens/history/OrdersTrendChart';
import { Providers } from './renderApp';
import { anOrder, NOW, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const ZONE = 'Asia/Dubai';
// Three days: 2 delivered + 1 cancelled, nothing, 1 delivered + 2 in progress.
const TREND: OrderTrend = {
  timeZone: ZONE,
  days: [
    { date: '2025-12-29', delivered: 2, cancelled: 1, inProgress: 0, total: 3 },
    { date: '2025-12-30', delivered: 0, cancelled: 0, inProgress: 0, total: 0 },
    { date: '2025-12-31', delivered: 1, cancelled: 0, inProgress: 2, total: 3 },
  ],
};

function renderChart(status: TrendChartStatus, trend: OrderTrend | null, locale = 'en') {
  const onRetry = vi.fn();
  const view = render(
    <Providers locale={locale}>
      <OrdersTrendChart status={status} trend={trend} onRetry={onRetry} />
    </Providers>,
  );
  return { ...view, onRetry };
}

const bars = () => [...document.querySelectorAll<SVGGElement>('g[data-date]')];
const xOf = (date: string) => Number(document.querySelector(`g[data-date="${date}"]`)?.getAttribute('data-x'));
const segmentHeight = (date: string, bucket: string) =>
  Number(document.querySelector(`g[data-date="${date}"] rect[data-bucket="${bucket}"]`)?.getAttribute('height') ?? 0);

describe('orders per day chart', () => {
  it('draws a stacked bar per day, in proportion, with a legend of the period totals', () => {
    renderChart('shown', TREND);
    expect(screen.getByRole('heading', { name: 'Orders per day' })).toBeTruthy();
    expect(bars().map((bar) => bar.dataset.date)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31']);
    expect(segmentHeight('2025-12-29', 'delivered')).toBeCloseTo(segmentHeight('2025-12-29', 'cancelled') * 2);
    expect(segmentHeight('2025-12-31', 'inProgress')).toBeCloseTo(segmentHeight('2025-12-29', 'delivered'));
    expect(document.querySelectorAll('g[data-date="2025-12-30"] rect[data-bucket]')).toHaveLength(0);
    const legend = screen.getByRole('list');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Delivered 3',
      'In progress 2',
      'Cancelled 1',
      '6 orders in this period',
    ]);
  });

  it('names each day\'s numbers on its focusable bar and in a tooltip, and moves with the arrow keys', () => {
    renderChart('shown', TREND);
    const dayBars = screen.getAllByRole('img');
    expect(dayBars.map((bar) => bar.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
    expect(dayBars[0]?.getAttribute('aria-label')).toMatch(/^Mon, Dec 29: 3 orders \(2 delivered, 1 cancelled, 0 in progress\)$/);
    act(() => dayBars[2]?.focus());
    expect(screen.getByRole('tooltip').textContent).toContain('Dec 31: 3 orders (1 delivered, 0 cancelled, 2 in progress)');
    fireEvent.keyDown(dayBars[2] as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(dayBars[1]);
    expect(screen.getByRole('tooltip').textContent).toContain('Dec 30: 0 orders');
    fireEvent.keyDown(dayBars[1] as Element, { key: 'Home' });
    expect(document.activeElement).toBe(dayBars[0]);
    expect(dayBars[0]?.getAttribute('tabindex')).toBe('0');
  });

  it('runs the days right to left in ar-SA, where the right arrow goes back in time', () => {
    renderChart('shown', TREND, 'ar-SA');
    expect(xOf('2025-12-29')).toBeGreaterThan(xOf('2025-12-30'));
    expect(xOf('2025-12-30')).toBeGreaterThan(xOf('2025-12-31'));
    cleanup();
    renderChart('shown', TREND, 'en');
    expect(xOf('2025-12-29')).toBeLessThan(xOf('2025-12-31'));
    cleanup();
    renderChart('shown', TREND, 'ar-SA');
    const dayBars = screen.getAllByRole('img');
    // Every number in a bar's label is written with one set of digits, the locale's formatting digits
    // (Western for every locale, docs/i18n.md), as the dates and the legend write them.
    const label = dayBars[0]?.getAttribute('aria-label') ?? '';
    expect(label).toContain(new Intl.NumberFormat(formattingLocale('ar-SA')).format(2));
    expect(label).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    act(() => dayBars[2]?.focus());
    fireEvent.keyDown(dayBars[2] as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(dayBars[1]);
  });

  it('gives screen readers the figures as a table', () => {
    renderChart('shown', TREND);
    const table = screen.getByRole('table', { name: 'Orders per day' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Day', 'Delivered', 'Cancelled', 'In progress', 'Orders']);
    expect(rows.slice(1)).toEqual([
      ['Dec 29, 2025', '2', '1', '0', '3'],
      ['Dec 30, 2025', '0', '0', '0', '0'],
      ['Dec 31, 2025', '1', '0', '2', '3'],
    ]);
  });

  it('shows a skeleton while loading, the empty period, and an error with retry', () => {
    renderChart('loading', null);
    expect(screen.getByTestId('orders-trend-loading')).toBeTruthy();
    expect(bars()).toHaveLength(0);
    cleanup();
    renderChart('empty', { timeZone: ZONE, days: TREND.days.map((day) => ({ ...day, delivered: 0, cancelled: 0, inProgress: 0, total: 0 })) });
    expect(screen.getByText('No orders in this period')).toBeTruthy();
    expect(bars()).toHaveLength(0);
    cleanup();
    const { onRetry } = renderChart('failed', null);
    expect(screen.getByRole('alert').textContent).toContain('The orders chart could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('orders per day chart on the History page', () => {
  const YESTERDAY = NOW - 86_400;
  const orders = [anOrder('DELIVERED', { order_id: 'v-1-d', created_at: YESTERDAY }), anOrder('CANCELLED', { order_id: 'v-1-c', created_at: YESTERDAY + 60 })];

  it('follows the History period, and retries after a failure', async () => {
    const listOrders = vi.fn(async (_vendorId: string, _query: OrderListQuery) => ({ data: orders, pagination_key: null }));
    let failNext = true;
    const getOrderTrend = vi.fn(async (_vendorId: string, query: OrderTrendQuery): Promise<OrderTrend> => {
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      return { timeZone: ZONE, days: dailyOrderTrend(orders, { ...query, timeZone: ZONE }) };
    });
    renderOrdersScreen('/history', { api: { listOrders, getOrderTrend } });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bars()).toHaveLength(1));
    expect(screen.getByTestId('orders-trend-total').textContent).toBe('2 orders in this period');
    const yesterday = dateRangeFor('Yesterday', NOW, ZONE);
    expect(getOrderTrend.mock.calls.map((call) => call[1])).toEqual([
      { from: yesterday.from, to: yesterday.to, include_outlets: false },
      { from: yesterday.from, to: yesterday.to, include_outlets: false },
    ]);
    // The period filter of the page drives the chart; the status filter does not.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DELIVERED' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'PastWeek' } });
    await waitFor(() => expect(bars()).toHaveLength(7));
    expect(getOrderTrend).toHaveBeenCalledTimes(3);
    expect(getOrderTrend.mock.calls[2]?.[1]).toMatchObject({ from: dateRangeFor('PastWeek', NOW, ZONE).from });
  });
});
