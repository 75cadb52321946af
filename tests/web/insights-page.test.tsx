// @vitest-environment jsdom
// The Insights page's charts in jsdom: the headline figures in the locale's numbers, the heat map's
// keyboard (by hour in reading direction, by day up and down), the cancellations as a table, the
// data tables screen readers get, and what the CSV export saves.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Insights } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { formattingLocale } from '../../src/i18n/bcp47';
import { CancellationsChart } from '../../src/screens/insights/CancellationsChart';
import { HeatMap } from '../../src/screens/insights/HeatMap';
import { InsightsExportButton } from '../../src/screens/insights/InsightsExportButton';
import { InsightsSummary } from '../../src/screens/insights/InsightsSummary';
import { OutletSpendTable } from '../../src/screens/insights/OutletSpendTable';
import { useInsightsFormat } from '../../src/screens/insights/useInsightsFormat';
import { catalogue, fakeApi, Providers } from './renderApp';
import { createTabLiveChannel } from '../../src/app/liveChannel';

afterEach(cleanup);

const counts = (orders: number, delivered: number, returned: number, cancelled: number) => ({ orders, delivered, returned, cancelled, in_progress: orders - delivered - returned - cancelled });
const INSIGHTS: Insights = {
  time_zone: 'Asia/Riyadh', currency: 'SAR', from: 0, to: 1,
  totals: counts(1234, 1000, 34, 100),
  days: [{ date: '2026-03-09', ...counts(1234, 1000, 34, 100) }],
  on_time: { delivered: 1000, on_time: 875, rate: 0.875 },
  request_to_pickup: { count: 1000, average_s: 750, p90_s: 1500 },
  pickup_to_delivery: { count: 1000, average_s: 1230, p90_s: 2400 },
  cancellations: {
    by_reason: [{ reason: 'cancel.reason.duplicate-order', orders: 60 }, { reason: null, orders: 40 }],
    by_who: [{ cancelled_by: 'vendor', orders: 70 }, { cancelled_by: 'courier', orders: 30 }],
  },
  outlets: [],
  // Tuesday 14:00 is the busiest; Monday 09:00 has a few.
  heat_map: [{ weekday: 0, hour: 9, orders: 3 }, { weekday: 1, hour: 14, orders: 12 }],
  drop_offs: { clusters: [], capped: false },
};

function Charts() {
  const format = useInsightsFormat(INSIGHTS.currency);
  return (
    <>
      <InsightsSummary insights={INSIGHTS} format={format} />
      <CancellationsChart insights={INSIGHTS} format={format} />
      <HeatMap insights={INSIGHTS} format={format} />
    </>
  );
}

const outlet = (id: string, name: string, orders: number, fees: number, discounts: number, cash: number) =>
  ({ vendor_id: id, name, ...counts(orders, orders, 0, 0), fees, discounts, cash_collected: cash });

function Spend({ outlets }: { outlets: Insights['outlets'] }) {
  const format = useInsightsFormat('SAR');
  return <OutletSpendTable insights={{ ...INSIGHTS, outlets }} format={format} />;
}

/** The export button over the given outlets; what it saves lands in `saved`. */
function Export({ outlets }: { outlets: Insights['outlets'] }) {
  const format = useInsightsFormat('SAR');
  return <InsightsExportButton insights={{ ...INSIGHTS, outlets }} format={format} />;
}

function renderExport(outlets: Insights['outlets'], locale: string, saved: { file: Blob; fileName: string }[]) {
  const services = { api: fakeApi({}), live: createTabLiveChannel({ open: () => ({ send: () => undefined, close: () => undefined }) }), storage: createMemoryStorage(), clock: { nowUnix: () => 0 }, saveFile: (file: Blob, fileName: string) => void saved.push({ file, fileName }) };
  return render(<Providers locale={locale}><OrdersServicesProvider services={services}><Export outlets={outlets} /></OrdersServicesProvider></Providers>);
}

const renderCharts = (locale = 'en') => render(<Providers locale={locale}><Charts /></Providers>);
const figure = (id: string) => document.querySelector(`[data-figure="${id}"] dd`)?.textContent;
const focused = () => document.activeElement?.getAttribute('data-cell');

describe('Insights charts', () => {
  it('shows the headline figures with Intl numbers, percent and minutes', () => {
    renderCharts();
    expect(figure('orders')).toBe('1,234');
    expect(figure('on-time')).toBe('87.5%875 of 1,000 deliveries');
    expect(figure('returned')).toBe('34');
    expect(figure('request-to-pickup')).toBe('13 min9 in 10 within 25 min');
    expect(figure('pickup-to-delivery')).toBe('21 min9 in 10 within 40 min');
  });

  it("writes the figures in the locale's digits in ar-SA", () => {
    renderCharts('ar-SA');
    expect(figure('orders')).toBe(new Intl.NumberFormat(formattingLocale('ar-SA')).format(1234));
  });

  it('lists cancellations by reason (none given named) and by who, as tables', () => {
    renderCharts();
    const byReason = screen.getByRole('table', { name: 'By reason' });
    expect(within(byReason).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Duplicate order60', 'No reason given40']);
    const byWho = screen.getByRole('table', { name: 'By who cancelled' });
    expect(within(byWho).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Your team70', 'The courier30']);
  });

  it('starts the heat map on its busiest cell and moves by hour and day with the keys', () => {
    renderCharts();
    const start = document.querySelector<HTMLElement>('[data-cell][tabindex="0"]');
    expect(start?.getAttribute('data-cell')).toBe('1-14');
    expect(start?.getAttribute('aria-label')).toBe('Tuesday 2 PM: 12 orders');
    start?.focus();
    fireEvent.keyDown(start as HTMLElement, { key: 'ArrowRight' });
    expect(focused()).toBe('1-15');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(focused()).toBe('0-15');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(focused()).toBe('0-0');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(focused()).toBe('0-0');
    // The focused cell's figure is written under the grid.
    expect(screen.getByText('Monday 12 AM: 0 orders')).toBeTruthy();
    // Only one cell is in the tab order at a time.
    expect(document.querySelectorAll('[data-cell][tabindex="0"]')).toHaveLength(1);
  });

  it('reverses the hour keys in ar-SA, where the hours run right to left', () => {
    renderCharts('ar-SA');
    const start = document.querySelector<HTMLElement>('[data-cell][tabindex="0"]') as HTMLElement;
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(focused()).toBe('1-13');
  });

  it('gives screen readers a table of the busy cells', () => {
    renderCharts();
    const table = screen.getByRole('table', { name: 'Busiest hours' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Monday9 AM3', 'Tuesday2 PM12']);
  });

  it('adds every outlet up in an "All outlets" row when a parent sees several, and not for one', () => {
    render(<Providers locale="en"><Spend outlets={[outlet('p-1', 'Head office', 0, 0, 0, 0), outlet('o-1', 'Olaya', 3, 30.1, 3, 120.2), outlet('o-2', 'Malqa', 2, 20.2, 0, 40)]} /></Providers>);
    const total = screen.getByTestId('insights-outlets-total');
    expect([...total.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual(['All outlets', '5', 'SAR 50.30', 'SAR 3.00', 'SAR 160.20']);
    // Its own row, after the outlets, not one of them.
    expect(total.closest('tfoot')).not.toBeNull();
    cleanup();
    render(<Providers locale="en"><Spend outlets={[outlet('o-1', 'Olaya', 3, 30, 3, 120)]} /></Providers>);
    expect(screen.queryByTestId('insights-outlets-total')).toBeNull();
  });

  it.each(['en', 'ar-SA'])('names every spend value with its column, outlets and the total alike, for the phone cards (%s)', (locale) => {
    // Below 600 px each row is a card (cardsOnPhone) that shows a cell's data-label beside its value:
    // a cell without one would be a bare figure, and a wrong one would name the wrong figure.
    render(<Providers locale={locale}><Spend outlets={[outlet('o-1', 'Olaya', 3, 30, 3, 120), outlet('o-2', 'Malqa', 2, 20, 0, 40)]} /></Providers>);
    const table = screen.getByRole('table');
    const text = catalogue(locale);
    const columns = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(columns.slice(1)).toEqual([text['insights.column.orders'], text['insights.outlets.fees'], text['insights.outlets.discounts'], text['insights.outlets.cash']]);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => ({
      title: within(row).getByRole('rowheader').textContent,
      labels: [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label')),
    }));
    expect(rows).toEqual([
      { title: 'Olaya', labels: columns.slice(1) },
      { title: 'Malqa', labels: columns.slice(1) },
      { title: text['insights.outlets.total'], labels: columns.slice(1) },
    ]);
  });

  it('saves the "All outlets" row in the CSV too, under its translated name (ar-SA), with plain numbers, and none for one outlet', async () => {
    const ar = catalogue('ar-SA');
    const saved: { file: Blob; fileName: string }[] = [];
    renderExport([outlet('p-1', 'Head office', 0, 0, 0, 0), outlet('o-1', 'Olaya', 3, 30.1, 3, 120.2), outlet('o-2', 'Malqa', 2, 20.2, 0, 40)], 'ar-SA', saved);
    fireEvent.click(screen.getByRole('button', { name: ar['insights.export'] }));
    expect(saved.map((entry) => entry.fileName)).toEqual(['insights-2026-03-09-2026-03-09.csv']);
    const lines = (await saved[0]!.file.text()).split('\r\n');
    const spend = lines.slice(lines.indexOf(ar['insights.outlets.title']!) + 2, lines.indexOf(ar['insights.heat.title']!) - 1);
    expect(spend).toEqual(['Head office,0,0,0,0', 'Olaya,3,30.1,3,120.2', 'Malqa,2,20.2,0,40', `${ar['insights.outlets.total']},5,50.3,3,160.2`]);
    cleanup();
    saved.length = 0;
    renderExport([outlet('o-1', 'Olaya', 3, 30, 3, 120)], 'en', saved);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const single = (await saved[0]!.file.text()).split('\r\n');
    expect(single).toContain('Olaya,3,30,3,120');
    expect(single.some((line) => line.startsWith('All outlets'))).toBe(false);
  });
});
