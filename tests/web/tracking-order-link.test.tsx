// @vitest-environment jsdom
// The tracking page opens any order of the vendor by its link (`?order_id=`): from its lists when they
// hold it, else fetched by id (a recurring run of an earlier day), with a loading state, the order when
// it arrives, and a translated "not found" or failure with retry. A foreign order answers exactly like
// a missing one (403 'error.forbidden'), and nothing of it is shown.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import type { RecurringScheduleView } from '../../adapters/ports';
import { GUEST_VENDOR_ID, type Order } from '../../domain/types';
import { FIRST_PAGE } from './appRouterHarness';
import { catalogue, fakeSession } from './renderApp';
import { anOrder, FakeLiveSocket, NOW, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const en = catalogue('en');
const page = (orders: Order[]) => ({ data: orders, pagination_key: null });
const todays = anOrder('RECEIVED', { order_id: 'v-1-today' });
/** Delivered three days ago: in none of the tracking page's lists. */
const older = anOrder('DELIVERED', { order_id: 'v-1-older', created_at: NOW - 3 * 86_400, updated_at: NOW - 3 * 86_400 + 3600 });

const BREAD: RecurringScheduleView = {
  schedule_id: 's-1', vendor_id: 'v-1', template_id: 't-1', template_name: 'Morning bread', repeat: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5] },
  time: '09:30', time_zone: 'Asia/Riyadh', starts_on: '2025-12-01', until: null, status: 'active', next_run_at: NOW + 86_400,
  created_by: 'owner@example.com', created_at: 1, updated_at: 1,
  last_runs: [{ planned_at: older.created_at, outcome: 'placed', reason: null, order_id: older.order_id, ran_at: older.created_at }],
};

/** A promise the test settles, to see the drawer while the order is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const forbidden = () => new ApiError('http', 403, 'error.forbidden', 'order_id', 'error.forbidden');

describe('the tracking page opens an order by its link', () => {
  // Two lazy pages load cold in this one: longer than the default ceiling on a busy machine.
  it("follows a recurring run's link to an order of an earlier day: loading, then its detail in the drawer", { timeout: 60_000 }, async () => {
    const answer = deferred<Order>();
    const getOrder = vi.fn(() => answer.promise);
    const listOrders = vi.fn(async () => page([todays]));
    const { router } = renderOrdersScreen('/recurring-orders', { api: { listRecurringOrders: async () => [BREAD], listOrders, getOrder } });
    const runs = await screen.findByRole('list', { name: en['recurring.runs'] }, FIRST_PAGE);
    fireEvent.click(within(runs).getByRole('link', { name: older.order_id }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-tracking/v-1'));

    const drawer = await screen.findByRole('dialog', {}, FIRST_PAGE);
    await waitFor(() => expect(getOrder).toHaveBeenCalledWith('v-1', older.order_id));
    // The lists were asked first: the order is looked up only because they do not hold it.
    expect(listOrders).toHaveBeenCalled();
    expect(within(drawer).getByRole('status', { name: en['common.loading'] })).toBeTruthy();
    answer.resolve(older);
    await waitFor(() => expect(drawer.querySelector(`[data-order-detail="${older.order_id}"]`)).not.toBeNull());
    expect(within(drawer).queryByRole('status', { name: en['common.loading'] })).toBeNull();
    expect(getOrder).toHaveBeenCalledTimes(1);
  });

  it('opens an order the lists hold from them, without asking for it again', async () => {
    const getOrder = vi.fn(async () => older);
    renderOrdersScreen(`/order-tracking/v-1?order_id=${todays.order_id}`, { api: { listOrders: async () => page([todays]), getOrder } });
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer.querySelector(`[data-order-detail="${todays.order_id}"]`)).not.toBeNull());
    expect(getOrder).not.toHaveBeenCalled();
  });

  it("says an order that is not the branch's (a foreign one answers like a missing one) is not found, and shows nothing of it", async () => {
    const getOrder = vi.fn(async () => {
      throw forbidden();
    });
    renderOrdersScreen('/order-tracking/v-1?order_id=v-2-foreign', { api: { listOrders: async () => page([todays]), getOrder } });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(en['error.order-not-found']!);
    expect(within(drawer).getByText(en['tracking.order.not-found.hint']!)).toBeTruthy();
    expect(drawer.querySelector('[data-order-detail]')).toBeNull();
    expect(getOrder).toHaveBeenCalledWith('v-1', 'v-2-foreign');
    // Retry asks once more.
    fireEvent.click(within(drawer).getByRole('button', { name: en['common.retry'] }));
    await waitFor(() => expect(getOrder).toHaveBeenCalledTimes(2));
    await within(drawer).findByText(en['error.order-not-found']!);
  });

  it("a guest following a link to an order that is not one of theirs is told it is not found, and sees nothing of it", async () => {
    const guest = fakeSession({ status: 'signedIn', isAuthenticated: true, isGuest: true, mode: 'GUEST' });
    const own = anOrder('RECEIVED', { order_id: `${GUEST_VENDOR_ID}-own`, vendor_id: GUEST_VENDOR_ID });
    const getOrder = vi.fn(async () => {
      throw forbidden();
    });
    const listOrders = vi.fn(async () => page([own]));
    renderOrdersScreen('/order-tracking?order_id=v-2-foreign', { session: guest, api: { listOrders, getOrder } });
    const drawer = await screen.findByRole('dialog', {}, FIRST_PAGE);
    await within(drawer).findByText(en['error.order-not-found']!);
    // Asked as the guest's own placeholder vendor: the server answers a foreign order like a missing one.
    expect(getOrder).toHaveBeenCalledWith(GUEST_VENDOR_ID, 'v-2-foreign');
    expect(drawer.querySelector('[data-order-detail]')).toBeNull();
    expect(listOrders).toHaveBeenCalled();
    // The guest's own order is still listed, and only it.
    expect(document.querySelectorAll('[data-list] [data-order-id]').length).toBe(1);
    expect(document.querySelector(`[data-list] [data-order-id="${own.order_id}"]`)).not.toBeNull();
  });

  it('shows a failed lookup with retry, and the order once the retry succeeds', async () => {
    const getOrder = vi.fn<(vendorId: string, orderId: string) => Promise<Order>>()
      .mockRejectedValueOnce(ApiError.offline())
      .mockResolvedValueOnce(older);
    renderOrdersScreen(`/order-tracking/v-1?order_id=${older.order_id}`, { api: { listOrders: async () => page([todays]), getOrder } });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(en['tracking.order.load-failed']!);
    expect(drawer.querySelector('[data-order-detail]')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: en['common.retry'] }));
    await waitFor(() => expect(drawer.querySelector(`[data-order-detail="${older.order_id}"]`)).not.toBeNull());
    expect(getOrder.mock.calls).toEqual([['v-1', older.order_id], ['v-1', older.order_id]]);
  });

  it("keeps a fetched order of an earlier day up to date with its live updates, and out of today's lists", async () => {
    const live = new FakeLiveSocket();
    const waiting = anOrder('RECEIVED', { order_id: 'v-1-older', created_at: older.created_at, updated_at: older.created_at });
    renderOrdersScreen('/order-tracking/v-1?order_id=v-1-older', { api: { listOrders: async () => page([todays]), getOrder: async () => waiting }, live });
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer.querySelector('[data-order-detail="v-1-older"] [data-status="RECEIVED"]')).not.toBeNull());
    act(() => live.handlers?.onOpen?.());
    act(() => live.serverSends({ type: 'subscribe_ok', vendor_id: 'v-1' }));
    act(() => live.serverSends({ type: 'order_update', order: { ...waiting, status: 'PICKED_UP', updated_at: NOW } }));
    await waitFor(() => expect(drawer.querySelector('[data-order-detail="v-1-older"] [data-status="PICKED_UP"]')).not.toBeNull());
    expect(document.querySelector('[data-list] [data-order-id="v-1-older"]')).toBeNull();
  });

  it('shows the failure in Arabic', async () => {
    const getOrder = vi.fn(async () => {
      throw forbidden();
    });
    renderOrdersScreen('/order-tracking/v-1?order_id=v-2-foreign', { api: { listOrders: async () => page([todays]), getOrder }, locale: 'ar-SA' });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(catalogue('ar-SA')['tracking.order.not-found.hint']!);
  });
});
