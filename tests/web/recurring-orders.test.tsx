// @vitest-environment jsdom
// Recurring orders in jsdom over a fake API that records what reaches it: each schedule with its rule
// in words, its next run in the vendor's zone, its status and its latest runs (placed with the order,
// refused and skipped with the translated reason); pause and resume; delete behind a confirmation;
// a failed load with its retry; the empty state; and the page in Arabic.
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { ApiClient, RecurringScheduleView } from '../../adapters/ports';
import type { Vendor } from '../../domain/types';
import { VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { RecurringOrdersScreen } from '../../src/screens/recurring/RecurringOrdersScreen';
import { ScheduleDialog } from '../../src/screens/recurring/ScheduleDialog';
import { aVendor } from '../machines/builders';
import { catalogue, fakeApi, Providers } from './renderApp';

afterEach(cleanup);

const vendor: Vendor = { ...aVendor({ vendor_id: 'v-1', name: 'Riyadh Bakery' }) };
const vendors: VendorsApi = { list: 'loaded', vendors: [vendor], selected: vendor, select: () => undefined, showToggleOutlet: false, includeOutlets: false, setIncludeOutlets: () => undefined };

/** 2026-11-30 09:30 in Riyadh (UTC+3), a Monday. */
const MONDAY_0930_RIYADH = Date.UTC(2026, 10, 30, 6, 30) / 1000;

const BREAD: RecurringScheduleView = {
  schedule_id: 's-1', vendor_id: 'v-1', template_id: 't-1', template_name: 'Morning bread', repeat: { kind: 'weekly', weekdays: [3, 1, 2] },
  time: '09:30', time_zone: 'Asia/Riyadh', starts_on: '2026-11-01', until: '2026-12-31', status: 'active', next_run_at: MONDAY_0930_RIYADH,
  created_by: 'owner@example.com', created_at: 1, updated_at: 1,
  last_runs: [
    { planned_at: MONDAY_0930_RIYADH - 86_400 * 3, outcome: 'placed', reason: null, order_id: 'ORD-42', ran_at: MONDAY_0930_RIYADH - 86_400 * 3 },
    { planned_at: MONDAY_0930_RIYADH - 86_400 * 4, outcome: 'refused', reason: 'recurring.refused.template-missing', order_id: null, ran_at: 1 },
    { planned_at: MONDAY_0930_RIYADH - 86_400 * 5, outcome: 'skipped', reason: 'recurring.skipped.service-hours', order_id: null, ran_at: 1 },
  ],
};
const FLOWERS: RecurringScheduleView = { ...BREAD, schedule_id: 's-2', template_name: 'Flowers', repeat: { kind: 'monthly', day_of_month: 1 }, until: null, status: 'paused', next_run_at: null, last_runs: [] };

/** A recurring orders server in memory: every call that reached it. */
function recurringServer(schedules: RecurringScheduleView[] = [BREAD, FLOWERS], options: { failFirstList?: boolean; pauseRefusal?: string; updateRefusal?: string } = {}) {
  const calls: unknown[][] = [];
  let held = schedules;
  const api: Partial<ApiClient> = {
    listRecurringOrders: async (vendorId) => {
      calls.push(['list', vendorId]);
      if (options.failFirstList && calls.length === 1) throw new ApiError('http', 503, 'error.not-ready', null, 'error.not-ready');
      return held;
    },
    setRecurringOrderPaused: async (vendorId, scheduleId, paused) => {
      calls.push(['setPaused', vendorId, scheduleId, paused]);
      if (options.pauseRefusal) throw new ApiError('http', 403, options.pauseRefusal, null, options.pauseRefusal);
      const changed = held.find((one) => one.schedule_id === scheduleId) ?? BREAD;
      return { ...changed, status: paused ? 'paused' : 'active', next_run_at: paused ? null : MONDAY_0930_RIYADH };
    },
    updateRecurringOrder: async (vendorId, scheduleId, rule) => {
      calls.push(['update', vendorId, scheduleId, rule]);
      if (options.updateRefusal) throw new ApiError('http', 422, options.updateRefusal, null, options.updateRefusal);
      const changed = held.find((one) => one.schedule_id === scheduleId) ?? BREAD;
      return { ...changed, repeat: rule.repeat, time: rule.time, until: rule.until };
    },
    deleteRecurringOrder: async (vendorId, scheduleId) => {
      calls.push(['delete', vendorId, scheduleId]);
      held = held.filter((one) => one.schedule_id !== scheduleId);
    },
  };
  return { api: fakeApi(api), calls };
}

/** The page at /recurring-orders of a router of its own (the empty state links to Saved templates). */
function renderPage(api: ApiClient, locale = 'en') {
  const router = createRouter({ routeTree: createRootRoute({ component: RecurringOrdersScreen }), history: createMemoryHistory({ initialEntries: ['/recurring-orders'] }) });
  const rendered = render(
    <Providers locale={locale}>
      <VendorsContext.Provider value={vendors}>
        <OrdersServicesProvider services={{ api, live: { subscribe: () => ({ change: () => undefined, close: () => undefined }), renew: () => undefined }, storage: createMemoryStorage(), clock: { nowUnix: () => MONDAY_0930_RIYADH }, saveFile: () => undefined }}>
          <RouterProvider router={router} />
          <ToastViewport />
        </OrdersServicesProvider>
      </VendorsContext.Provider>
    </Providers>,
  );
  return { ...rendered, router };
}

const cardOf = async (name: string) => screen.findByRole('listitem', { name });

describe('Recurring orders page', () => {
  it('shows each schedule\'s rule in words, its next run in the vendor\'s zone, its status and its latest runs', async () => {
    const { api, calls } = recurringServer();
    renderPage(api);
    const bread = await cardOf('Morning bread');
    expect(bread.textContent).toContain('Mon, Tue, & Wed at 9:30 AM · until Dec 31, 2026');
    expect(bread.textContent).toContain('Active');
    expect(bread.textContent).toContain('Next run: Nov 30, 2026, 9:30 AM');
    const runs = within(within(bread).getByRole('list', { name: 'Latest runs' })).getAllByRole('listitem').map((run) => run.textContent);
    expect(runs).toEqual([
      'Nov 27, 2026, 9:30 AM: placed, order ORD-42',
      `Nov 26, 2026, 9:30 AM: ${catalogue('en')['recurring.refused.template-missing']}`,
      `Nov 25, 2026, 9:30 AM: ${catalogue('en')['recurring.skipped.service-hours']}`,
    ]);
    const flowers = await cardOf('Flowers');
    expect(flowers.textContent).toContain('Day 1 of each month at 9:30 AM');
    expect(flowers.textContent).toContain('Paused');
    expect(flowers.textContent).not.toContain('Next run');
    expect(calls).toEqual([['list', 'v-1']]);
  });

  it('links a placed run\'s order to that order on the tracking page, reachable from the keyboard', async () => {
    const { api } = recurringServer();
    const { router } = renderPage(api);
    const runs = within(await cardOf('Morning bread')).getByRole('list', { name: 'Latest runs' });
    const link = within(runs).getByRole('link', { name: 'ORD-42' });
    expect(link.getAttribute('href')).toBe('/order-tracking/v-1?order_id=ORD-42');
    // Only the placed run has an order to open.
    expect(within(runs).getAllByRole('link')).toHaveLength(1);
    link.focus();
    expect(document.activeElement).toBe(link);
    expect(link.tabIndex).toBeGreaterThanOrEqual(0);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-tracking/v-1'));
    expect(router.state.location.search).toEqual({ order_id: 'ORD-42' });
  });

  it('pauses an active schedule and resumes a paused one, showing what the server answered', async () => {
    const { api, calls } = recurringServer();
    renderPage(api);
    fireEvent.click(within(await cardOf('Morning bread')).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Morning bread' })).getByRole('button', { name: 'Resume' })).toBeTruthy());
    expect(screen.getByRole('listitem', { name: 'Morning bread' }).textContent).not.toContain('Next run');
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Flowers' })).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Flowers' }).textContent).toContain('Next run'));
    expect(calls.slice(1)).toEqual([['setPaused', 'v-1', 's-1', true], ['setPaused', 'v-1', 's-2', false]]);
  });

  it('shows a refused pause as a translated toast and keeps the schedule as it was', async () => {
    const { api } = recurringServer([BREAD], { pauseRefusal: 'error.role-forbidden' });
    renderPage(api);
    fireEvent.click(within(await cardOf('Morning bread')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText(catalogue('en')['error.role-forbidden'] ?? 'missing')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Morning bread' })).getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('deletes a schedule only after the confirmation, and cancelling calls nothing', async () => {
    const { api, calls } = recurringServer();
    renderPage(api);
    fireEvent.click(within(await cardOf('Flowers')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the recurring order “Flowers”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([['list', 'v-1']]);
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Flowers' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Flowers' })).toBeNull());
    expect(calls).toEqual([['list', 'v-1'], ['delete', 'v-1', 's-2']]);
    expect(screen.getByRole('listitem', { name: 'Morning bread' })).toBeTruthy();
  });

  it('offers a retry when the list could not load, and says so when there is none', async () => {
    const { api, calls } = recurringServer([], { failFirstList: true });
    renderPage(api);
    expect(await screen.findByText(catalogue('en')['error.not-ready'] ?? 'missing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recurring orders yet')).toBeTruthy();
    // Schedules are made on a saved template: the empty page says where.
    expect(screen.getByRole('link', { name: 'Saved templates' }).getAttribute('href')).toBe('/templates');
    expect(calls).toEqual([['list', 'v-1'], ['list', 'v-1']]);
  });

  it('edits a schedule\'s rule in a dialog filled from it: monthly on day 31 without a last day, shown as the server answered', async () => {
    const { api, calls } = recurringServer();
    renderPage(api);
    fireEvent.click(within(await cardOf('Morning bread')).getByRole('button', { name: 'Edit schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    // Filled from the schedule: its weekdays, time and last day.
    expect((within(dialog).getByRole('radio', { name: 'On days of the week' }) as HTMLInputElement).checked).toBe(true);
    const checked = within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.parentElement?.textContent?.trim());
    expect(checked).toEqual(['Monday', 'Tuesday', 'Wednesday']);
    expect((within(dialog).getByLabelText('Time') as HTMLInputElement).value).toBe('09:30');
    expect((within(dialog).getByLabelText('Last day (optional)') as HTMLInputElement).value).toBe('2026-12-31');

    fireEvent.click(within(dialog).getByRole('radio', { name: 'On one day of each month' }));
    const day = within(dialog).getByLabelText('Day of the month');
    fireEvent.change(day, { target: { value: '32' } });
    expect(within(dialog).getByText(catalogue('en')['schedule.error.day-of-month'] ?? 'missing')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(day, { target: { value: '31' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '07:45' } });
    fireEvent.change(within(dialog).getByLabelText('Last day (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.slice(1)).toEqual([['update', 'v-1', 's-1', { repeat: { kind: 'monthly', day_of_month: 31 }, time: '07:45', time_zone: 'Asia/Riyadh', starts_on: '2026-11-01', until: null }]]);
    const bread = screen.getByRole('listitem', { name: 'Morning bread' });
    expect(bread.textContent).toContain('Day 31 of each month at 7:45 AM');
    expect(bread.textContent).not.toContain('until');
    expect(await screen.findByText('The recurring order is saved.')).toBeTruthy();
  });

  it('keeps the edit dialog open with the server\'s refusal, and the schedule as it was', async () => {
    const { api } = recurringServer([BREAD], { updateRefusal: 'recurring.error.no-runs' });
    renderPage(api);
    fireEvent.click(within(await cardOf('Morning bread')).getByRole('button', { name: 'Edit schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    fireEvent.change(within(dialog).getByLabelText('Last day (optional)'), { target: { value: '2026-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText(catalogue('en')['recurring.error.no-runs'] ?? 'missing')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Morning bread' }).textContent).toContain('until Dec 31, 2026');
    // Opened again: a fresh form, without the last refusal.
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Morning bread' })).getByRole('button', { name: 'Edit schedule' }));
    const again = await screen.findByRole('dialog', { name: 'Edit schedule' });
    expect(within(again).queryByText(catalogue('en')['recurring.error.no-runs'] ?? 'missing')).toBeNull();
  });

  it('reads in Arabic: the rule, the status and the run\'s reason translated', async () => {
    const { api } = recurringServer([BREAD]);
    renderPage(api, 'ar-SA');
    const ar = catalogue('ar-SA');
    const bread = await cardOf('Morning bread');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ar['recurring.title']);
    expect(bread.textContent).toContain(ar['recurring.status.active']);
    expect(bread.textContent).toContain(ar['recurring.refused.template-missing']);
    expect(bread.textContent).toContain(new Intl.DateTimeFormat('ar-SA', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1)));
    expect(bread.textContent).not.toContain('Mon');
  });
});

describe('Repeat on a schedule (the dialog on a saved template)', () => {
  function renderDialog(api: ApiClient, onClose: () => void) {
    return render(
      <Providers>
        <OrdersServicesProvider services={{ api, live: { subscribe: () => ({ change: () => undefined, close: () => undefined }), renew: () => undefined }, storage: createMemoryStorage(), clock: { nowUnix: () => MONDAY_0930_RIYADH }, saveFile: () => undefined }}>
          <ScheduleDialog vendorId="v-1" template={{ id: 't-1', name: 'Morning bread' }} onClose={onClose} />
          <ToastViewport />
        </OrdersServicesProvider>
      </Providers>,
    );
  }

  it('creates the schedule with the chosen weekdays, time and last day, then closes', async () => {
    const created: unknown[] = [];
    let closed = 0;
    const api = fakeApi({
      listRecurringOrders: async () => [],
      createRecurringOrder: async (vendorId, body) => {
        created.push([vendorId, body]);
        return { ...BREAD, schedule_id: 's-9' };
      },
    });
    renderDialog(api, () => void (closed += 1));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat on a schedule' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Friday' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '07:15' } });
    fireEvent.change(within(dialog).getByLabelText('Last day (optional)'), { target: { value: '2027-01-31' } });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(created).toEqual([['v-1', { template_id: 't-1', repeat: { kind: 'weekly', weekdays: [2, 3, 4] }, time: '07:15', starts_on: '2026-11-30', until: '2027-01-31', language: 'en' }]]);
    expect(await screen.findByText('The recurring order is saved.')).toBeTruthy();
  });

  it('shows the server\'s refusal translated inside the dialog and stays open', async () => {
    let closed = 0;
    const api = fakeApi({
      listRecurringOrders: async () => [],
      createRecurringOrder: async () => {
        throw new ApiError('http', 409, 'recurring.error.online-payment', null, 'recurring.error.online-payment');
      },
    });
    renderDialog(api, () => void (closed += 1));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat on a schedule' });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText(catalogue('en')['recurring.error.online-payment'] ?? 'missing')).toBeTruthy();
    expect(closed).toBe(0);
  });

  it('creates a monthly schedule on day 31 (month-end runs on the last day, as the hint says)', async () => {
    const created: unknown[] = [];
    const api = fakeApi({
      listRecurringOrders: async () => [],
      createRecurringOrder: async (vendorId, body) => {
        created.push([vendorId, body]);
        return { ...BREAD, schedule_id: 's-10' };
      },
    });
    renderDialog(api, () => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Repeat on a schedule' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On one day of each month' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Monday' })).toBeNull();
    expect(within(dialog).getByText(catalogue('en')['recurring.form.day-of-month.hint'] ?? 'missing')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Day of the month'), { target: { value: '31' } });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created).toEqual([['v-1', { template_id: 't-1', repeat: { kind: 'monthly', day_of_month: 31 }, time: '09:30', starts_on: '2026-11-30', until: null, language: 'en' }]]);
  });

  it('cannot be saved without a weekday', async () => {
    const api = fakeApi({ listRecurringOrders: async () => [] });
    renderDialog(api, () => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Repeat on a schedule' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) fireEvent.click(within(dialog).getByRole('checkbox', { name: day }));
    expect((within(dialog).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
