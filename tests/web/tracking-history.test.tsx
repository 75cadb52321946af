// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExportOrdersBody, OrderListQuery } from '../../adapters/ports';
import { matchesStatusFilter } from '../../domain/listGroups';
import type { StatusFilter } from '../../domain/statuses';
import type { Order } from '../../domain/types';
import { fakeSession } from './renderApp';
import { anOrder, NOW, renderOrdersScreen, VENDOR, VENDORS } from './tracking-harness';

afterEach(cleanup);

// jsdom has no layout: give the table's scroller a size so the virtualiser has a window to fill.
const sized = (name: 'clientHeight' | 'clientWidth', value: number) => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name);
  return {
    install: () =>
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.dataset.testid === 'history-rows' ? value : (original?.get?.call(this) ?? 0);
        },
      }),
    restore: () => {
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    },
  };
};
const sizes = [sized('clientHeight', 560), sized('clientWidth', 1024)];
beforeAll(() => sizes.forEach((size) => size.install()));
afterAll(() => sizes.forEach((size) => size.restore()));

const YESTERDAY = NOW - 86_400;
const rowIds = () => [...document.querySelectorAll('[data-testid="history-rows"] [data-order-id]')].map((row) => row.getAttribute('data-order-id'));

function pastOrders(): Order[] {
  return [
    anOrder('DELIVERED', { order_id: 'v-1-d', created_at: YESTERDAY }),
    anOrder('CANCELLED', { order_id: 'v-1-c', created_at: YESTERDAY + 60 }),
    anOrder('PICKED_UP', { order_id: 'v-1-p', created_at: YESTERDAY + 120 }),
  ];
}

/** GET /vendor/{id}/orders as the server answers it: filtered by the `status` query (the domain's
 * status filter rule), so the screen shows what it is given. */
const listedByStatus = (orders: () => Order[]) =>
  vi.fn(async (_vendorId: string, query: OrderListQuery & { status?: StatusFilter }) => ({
    data: orders().filter((order) => matchesStatusFilter(order, query.status ?? 'ANY', NOW)),
    pagination_key: null,
  }));
const statusAsked = (call: unknown[] | undefined) => (call?.[1] as { status?: StatusFilter } | undefined)?.status;

describe('history', () => {
  it("lists yesterday's orders by default (30 a page) and filters them by status on the server", async () => {
    const listOrders = listedByStatus(pastOrders);
    const { storage } = renderOrdersScreen('/history', { api: { listOrders } });
    // The first render loads the screen's lazy chunk: allow a busy machine more than a second.
    await waitFor(() => expect(rowIds()).toEqual(['v-1-p', 'v-1-c', 'v-1-d']));
    const query = listOrders.mock.calls[0]?.[1] as unknown as OrderListQuery;
    // Yesterday in Asia/Dubai: 2025-12-31 00:00 to 23:59:59 local.
    expect(query).toMatchObject({ from: NOW - 14 * 3600 - 86_400, to: NOW - 14 * 3600 - 1, count: 30 });
    // Any is the server's default: no status is sent.
    expect(statusAsked(listOrders.mock.calls[0])).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DELIVERED' } });
    await waitFor(() => expect(rowIds()).toEqual(['v-1-d']));
    expect(statusAsked(listOrders.mock.calls.at(-1))).toBe('DELIVERED');
    // Only the filters persist.
    expect(JSON.parse(storage.getItem('portal.filters') ?? '{}')).toMatchObject({ orderStatusFilter: 'DELIVERED', dateRangeFilter: { category: 'Yesterday' } });
  });

  it('restores the persisted filters and refuses a custom range that ends before it starts', async () => {
    const listOrders = listedByStatus(pastOrders);
    renderOrdersScreen('/history', {
      api: { listOrders },
      storage: {
        'portal.filters': JSON.stringify({ dateRangeFilter: { from: 0, to: 0, category: 'PastWeek' }, orderStatusFilter: 'CANCELLED', showToggleOutlet: false, enableToggleOutlet: false }),
      },
    });
    await waitFor(() => expect(rowIds()).toEqual(['v-1-c']));
    expect((listOrders.mock.calls[0]?.[1] as unknown as OrderListQuery).from).toBe(NOW - 14 * 3600 - 7 * 86_400);
    expect(statusAsked(listOrders.mock.calls[0])).toBe('CANCELLED');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'Custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(listOrders).toHaveBeenCalledTimes(1);
  });

  it('pages with pagination_key and renders only the rows in view of a long list', async () => {
    const many = Array.from({ length: 30 }, (_, index) => anOrder('DELIVERED', { order_id: `v-1-${index}`, created_at: YESTERDAY + index }));
    const listOrders = vi.fn(async (_vendor: string, query: OrderListQuery) =>
      query.pagination_key ? { data: [anOrder('DELIVERED', { order_id: 'v-1-older', created_at: YESTERDAY - 10 })], pagination_key: null } : { data: many, pagination_key: 'k2' },
    );
    renderOrdersScreen('/history', { api: { listOrders } });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(screen.getByText('31 orders')).toBeTruthy());
    expect(listOrders.mock.calls[1]?.[1]).toMatchObject({ pagination_key: 'k2' });
    expect(rowIds().length).toBeLessThan(31);
  });

  it('exports the filtered period as CSV, downloaded, and as an e-mailed report', async () => {
    const exportOrders = vi.fn(async (body: ExportOrdersBody) =>
      body.delivery === 'email' ? ({ kind: 'emailed', emailedTo: 'vendor@example.com' } as const) : ({ kind: 'file', file: new Blob(['a,b']), fileName: 'orders.csv' } as const),
    );
    const saveFile = vi.fn();
    renderOrdersScreen('/history', { api: { listOrders: async () => ({ data: pastOrders(), pagination_key: null }), exportOrders }, saveFile });
    await waitFor(() => expect(rowIds().length).toBe(3));
    fireEvent.click(screen.getByLabelText('CSV'));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'orders.csv'));
    expect(exportOrders.mock.calls[0]?.[0]).toMatchObject({ vendor_id: 'v-1', status: 'ANY', format: 'csv', delivery: 'download', from: NOW - 14 * 3600 - 86_400 });
    fireEvent.click(screen.getByRole('button', { name: 'Email me the report' }));
    expect(await screen.findByText('The report is on its way to vendor@example.com.')).toBeTruthy();
  });

  it('shows no export to a team member whose role does not allow it (a dispatcher), and the export to a manager', async () => {
    const asRole = (role: 'dispatcher' | 'manager') => {
      const vendor = { ...VENDOR, role };
      return { ...VENDORS, vendors: [vendor], selected: vendor };
    };
    renderOrdersScreen('/history', { api: { listOrders: async () => ({ data: pastOrders(), pagination_key: null }) }, vendors: asRole('dispatcher') });
    await waitFor(() => expect(rowIds().length).toBe(3));
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    cleanup();
    renderOrdersScreen('/history', { api: { listOrders: async () => ({ data: pastOrders(), pagination_key: null }) }, vendors: asRole('manager') });
    await waitFor(() => expect(rowIds().length).toBe(3));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it("waits for the vendor list before it shows the export: a placeholder while it loads, then the owner's panel, and none for a dispatcher", async () => {
    // A deep link to /history/v-1 renders before the vendor list has answered.
    const loading = { ...VENDORS, list: 'loading' as const, vendors: [], selected: null };
    const listed = (role: 'owner' | 'dispatcher') => {
      const vendor = { ...VENDOR, role };
      return { ...VENDORS, vendors: [vendor], selected: vendor };
    };
    for (const role of ['owner', 'dispatcher'] as const) {
      const { changeVendors } = renderOrdersScreen('/history/v-1', { api: { listOrders: async () => ({ data: pastOrders(), pagination_key: null }) }, vendors: loading });
      await waitFor(() => expect(rowIds().length).toBe(3));
      expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Email me the report' })).toBeNull();
      expect(screen.getByTestId('exports-pending').getAttribute('aria-busy')).toBe('true');
      changeVendors(listed(role));
      if (role === 'owner') expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
      else expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
      expect(screen.queryByTestId('exports-pending')).toBeNull();
      cleanup();
    }
  });

  it('opens an order of the table in the drawer, with its receipt link when flagged', async () => {
    renderOrdersScreen('/history', { api: { listOrders: async () => ({ data: pastOrders(), pagination_key: null }) }, flags: { DeliveryReceiptCta: true } });
    await waitFor(() => expect(rowIds().length).toBe(3));
    const row = document.querySelector('[data-order-id="v-1-d"]') as HTMLElement;
    fireEvent.keyDown(row, { key: 'Enter' });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Delivery receipt' }).getAttribute('href')).toBe('/delivery-receipt/v-1-d?t=tok');
  });

  it('lets a guest search by a possible phone number or an order id, and invites them to register', async () => {
    const listOrders = vi.fn(async (_vendorId: string, _query: OrderListQuery) => ({ data: [anOrder('DELIVERED', { order_id: 'vendorID-1', vendor_id: 'vendorID' })], pagination_key: null }));
    const getOrder = vi.fn(async () => anOrder('DELIVERED', { order_id: 'vendorID-2', vendor_id: 'vendorID' }));
    renderOrdersScreen('/history', {
      api: { listOrders, getOrder },
      session: fakeSession({ status: 'signedIn', mode: 'GUEST', isAuthenticated: true, isGuest: true }),
    });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
    const input = screen.getByLabelText('Search orders');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Enter a valid phone number or an order ID.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '050 123 4567' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(document.querySelector('[data-list="search"] [data-order-id="vendorID-1"]')).not.toBeNull());
    expect(listOrders.mock.calls.at(-1)?.[1]).toMatchObject({ customer_phone_number: '0501234567', from: 0 });
    // Today's orders too: the search runs up to now, not to the end of the list's default day (yesterday).
    expect(listOrders.mock.calls.at(-1)?.[1].to).toBeGreaterThanOrEqual(NOW);
    fireEvent.change(input, { target: { value: 'vendorID-2' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(getOrder).toHaveBeenCalledWith('vendorID', 'vendorID-2'));
    // The id as the drawer shows it, without the placeholder prefix.
    fireEvent.change(input, { target: { value: '0a1b2c3d4e5f60718293' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(getOrder).toHaveBeenCalledWith('vendorID', 'vendorID-0a1b2c3d4e5f60718293'));
  });
});
