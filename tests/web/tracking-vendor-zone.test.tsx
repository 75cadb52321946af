// @vitest-environment jsdom
// The order screens count days in the selected vendor's zone (SPEC.md §4: "in the country's timezone"),
// also when an account of the Saudi build holds a Singapore vendor: the tracking page's today (and its
// pre-orders), the history's period and the export agree with the server's days for that vendor.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportOrdersBody, OrderListQuery } from '../../adapters/ports';
import type { Vendor } from '../../domain/types';
import { aVendor } from '../machines/builders';
import { NOW, renderOrdersScreen, VENDORS } from './tracking-harness';

afterEach(cleanup);

const base = aVendor({ vendor_id: 'v-1', client_vendor_id: 'SG-1' });
const SINGAPORE: Vendor = { ...base, vendor_information: { ...base.vendor_information, location: { ...base.vendor_information.location, country_code: 'SG' } } };
const vendors = { ...VENDORS, vendors: [SINGAPORE], selected: SINGAPORE };
// NOW is 2026-01-01 10:00 UTC: 18:00 in Singapore (UTC+8), whose day began at 2025-12-31 16:00 UTC.
const SINGAPORE_TODAY = NOW - 18 * 3600;

describe("a Singapore vendor's days on the Saudi build", () => {
  it("the tracking page asks for Singapore's today, and for the pre-orders that may still be due in it", async () => {
    const listOrders = vi.fn(async () => ({ data: [], pagination_key: null }));
    renderOrdersScreen('/order-tracking', { api: { listOrders }, vendors });
    await waitFor(() => expect(listOrders).toHaveBeenCalledTimes(2));
    const [today, scheduled] = listOrders.mock.calls.map((call) => (call as unknown[])[1] as OrderListQuery);
    expect(today).toMatchObject({ from: SINGAPORE_TODAY, to: NOW });
    expect(today?.scheduled).toBeUndefined();
    expect(scheduled).toMatchObject({ from: SINGAPORE_TODAY - 48 * 3600, to: NOW, scheduled: true });
  });

  it("the history's Yesterday and its export are Singapore's yesterday", async () => {
    const listOrders = vi.fn(async () => ({ data: [], pagination_key: null }));
    const exportOrders = vi.fn(async (_body: ExportOrdersBody) => ({ kind: 'file', file: new Blob(['a']), fileName: 'orders.csv' }) as const);
    renderOrdersScreen('/history', { api: { listOrders, exportOrders }, vendors });
    await waitFor(() => expect(listOrders).toHaveBeenCalled());
    const yesterday = { from: SINGAPORE_TODAY - 86_400, to: SINGAPORE_TODAY - 1 };
    expect((listOrders.mock.calls[0] as unknown[])[1]).toMatchObject(yesterday);
    fireEvent.click(await screen.findByLabelText('CSV'));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(exportOrders).toHaveBeenCalled());
    expect(exportOrders.mock.calls[0]?.[0]).toMatchObject(yesterday);
  });
});
