// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderListQuery } from '../../adapters/ports';
import type { Order } from '../../domain/types';
import { anOrder, FakeLiveSocket, NOW, renderOrdersScreen, VENDORS } from './tracking-harness';
import { fakeSession } from './renderApp';

afterEach(cleanup);

const page = (orders: Order[]) => ({ data: orders, pagination_key: null });

function list(name: string): HTMLElement {
  const section = document.querySelector<HTMLElement>(`[data-list="${name}"]`);
  if (!section) throw new Error(`no list ${name}`);
  return section;
}

const idsIn = (name: string) => [...list(name).querySelectorAll('[data-order-id]')].map((row) => row.getAttribute('data-order-id'));

describe('order tracking lists', () => {
  it("fetches today's orders (count 200 from the start of today in the country's zone) and groups them by the domain rules", async () => {
    const listOrders = vi.fn(async () =>
      page([
        anOrder('WAITING_FOR_TRANSPORT', { order_id: 'v-1-a', created_at: NOW - 100 }),
        anOrder('RECEIVED', { order_id: 'v-1-b', created_at: NOW - 50 }),
        anOrder('RECEIVED', { order_id: 'v-1-pre', preordered_for: NOW + 3600 }),
        anOrder('PICKED_UP', { order_id: 'v-1-c' }),
        anOrder('DELIVERED', { order_id: 'v-1-d' }),
        anOrder('CANCELLED', { order_id: 'v-1-e' }),
      ]),
    );
    renderOrdersScreen('/order-tracking', { api: { listOrders } });
    await waitFor(() => expect(idsIn('new')).toEqual(['v-1-b', 'v-1-a']));
    expect(idsIn('preorder')).toEqual(['v-1-pre']);
    expect(idsIn('collected')).toEqual(['v-1-c']);
    expect(idsIn('delivered')).toEqual(['v-1-d']);
    expect(idsIn('cancelled')).toEqual(['v-1-e']);
    const [vendorId, query] = listOrders.mock.calls[0] as unknown as [string, OrderListQuery];
    expect(vendorId).toBe('v-1');
    // Asia/Dubai midnight of 2026-01-01 is 20:00 UTC the day before.
    expect(query).toMatchObject({ from: NOW - 14 * 3600, to: NOW, count: 200, include_outlets: false });
  });

  it("includes the outlets' orders when the toggle is shown and on", async () => {
    const listOrders = vi.fn(async (_vendorId: string, _query: OrderListQuery) => page([]));
    renderOrdersScreen('/order-tracking', { api: { listOrders }, vendors: { ...VENDORS, showToggleOutlet: true, includeOutlets: true } });
    await waitFor(() => expect(listOrders).toHaveBeenCalled());
    expect(listOrders.mock.calls[0]?.[1]).toMatchObject({ include_outlets: true });
  });

  it('applies live order_update events as they come and subscribes to the vendor on open', async () => {
    const live = new FakeLiveSocket();
    renderOrdersScreen('/order-tracking', { api: { listOrders: async () => page([anOrder('RECEIVED', { order_id: 'v-1-a' })]) }, live });
    await waitFor(() => expect(idsIn('new')).toEqual(['v-1-a']));
    act(() => live.handlers?.onOpen?.());
    expect(live.sent).toEqual([{ action: 'subscribeToVendor', vendor_id: 'v-1' }]);
    act(() => live.serverSends({ type: 'subscribe_ok', vendor_id: 'v-1' }));
    expect(document.querySelector('[data-live="connected"]')).not.toBeNull();
    act(() => live.serverSends({ type: 'order_update', order: anOrder('PICKED_UP', { order_id: 'v-1-a', updated_at: NOW }) }));
    expect(idsIn('new')).toEqual([]);
    expect(idsIn('collected')).toEqual(['v-1-a']);
    // A new order of today appears too; an older order's update belongs to the history page.
    act(() => live.serverSends({ type: 'order_update', order: anOrder('NEW', { order_id: 'v-1-new', updated_at: NOW }) }));
    act(() => live.serverSends({ type: 'order_update', order: anOrder('DELIVERED', { order_id: 'v-1-old', created_at: NOW - 3 * 86_400, updated_at: NOW }) }));
    expect(idsIn('new')).toEqual(['v-1-new']);
    expect(idsIn('delivered')).toEqual([]);
  });

  it('after a token refresh opens the socket again with the new token and reloads the list; a 4401 close ends the session', async () => {
    const live = new FakeLiveSocket();
    const listOrders = vi.fn(async (_vendorId: string, _query: OrderListQuery) => page([]));
    // Loads of today's list (each load also asks for the pre-orders of earlier days, query.scheduled).
    const todaysLoads = () => listOrders.mock.calls.filter(([, query]) => !query.scheduled).length;
    const sessionEnded = vi.fn();
    const signedIn = { status: 'signedIn' as const, isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' }, sessionEnded };
    const { channel } = renderOrdersScreen('/order-tracking', { api: { listOrders }, live, session: fakeSession({ ...signedIn, authorization: 'Bearer a1|i1' }) });
    await waitFor(() => expect(todaysLoads()).toBe(1));
    // The app's session root tells the channel the session's tokens (src/app/session/SessionRoot.tsx).
    act(() => channel.renew('Bearer a1|i1'));
    act(() => live.handlers?.onOpen?.());
    act(() => live.serverSends({ type: 'subscribe_ok', vendor_id: 'v-1' }));
    // Left out, the socket opened with the stored tokens: those the session just named.
    expect(live.authorizations).toEqual([undefined]);
    act(() => channel.renew('Bearer a2|i2'));
    await waitFor(() => expect(live.authorizations).toEqual([undefined, 'Bearer a2|i2']));
    expect(document.querySelector('[data-live="reconnecting"]')).not.toBeNull();
    act(() => live.handlers?.onOpen?.());
    expect(live.sent).toEqual([{ action: 'subscribeToVendor', vendor_id: 'v-1' }, { action: 'subscribeToVendor', vendor_id: 'v-1' }]);
    act(() => live.serverSends({ type: 'subscribe_ok', vendor_id: 'v-1' }));
    await waitFor(() => expect(todaysLoads()).toBe(2));
    act(() => live.handlers?.onClose?.({ code: 4401, reason: 'session.ended', wasClean: true }));
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('opens the order named by order_id with its detail, rider ETA (near wording under 5 minutes) and map', async () => {
    const order = anOrder('PICKED_UP', {
      order_id: 'v-1-x',
      status_history: [
        { status: 'WAITING_FOR_TRANSPORT', created_at: NOW - 500 },
        { status: 'COURIER_ACCEPTED_DELIVERY', created_at: NOW - 400 },
        { status: 'PICKED_UP', created_at: NOW - 100 },
      ],
    });
    const getRider = vi.fn(async () => ({ name: 'Ahmed Rider', phone: '+966511111111', latitude: 24.7, longitude: 46.68, eta_to_vendor_min: null, eta_to_customer_min: 3, updated_at: NOW }));
    renderOrdersScreen('/order-tracking?order_id=v-1-x', { api: { listOrders: async () => page([order]), getRider } });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Ahmed Rider')).toBeTruthy());
    expect(getRider).toHaveBeenCalledWith('v-1-x');
    expect(dialog.querySelector('[data-eta-kind="to-customer"][data-eta-near]')).not.toBeNull();
    const map = within(dialog).getByTestId('order-map');
    // The legend names each pin the map draws: the rider's once its position is known, no pickup pin
    // (this order's outlet has no coordinates).
    await waitFor(() => expect(within(map).getByText('Rider')).toBeTruthy());
    expect([...map.querySelectorAll('[data-legend-kind]')].map((item) => item.textContent)).toEqual(['Drop-off', 'Rider']);
  });

  it('hides the map while the order waits for a rider', async () => {
    renderOrdersScreen('/order-tracking?order_id=v-1-w', { api: { listOrders: async () => page([anOrder('WAITING_FOR_TRANSPORT', { order_id: 'v-1-w' })]) } });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('[data-order-detail="v-1-w"]')).not.toBeNull();
    expect(within(dialog).queryByTestId('order-map')).toBeNull();
  });

  it('cancels a cancellable order with a reason and moves it to the cancelled list', async () => {
    const order = anOrder('RECEIVED', { order_id: 'v-1-r' });
    const cancelOrder = vi.fn(async () => anOrder('CANCELLED', { order_id: 'v-1-r', updated_at: NOW, cancel_reason: 'cancel.reason.duplicate-order' }));
    renderOrdersScreen('/order-tracking?order_id=v-1-r', { api: { listOrders: async () => page([order]), cancelOrder } });
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel order' }));
    const picker = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    const confirm = within(picker).getByRole('button', { name: 'Cancel order' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(picker).getByLabelText('Duplicate order'));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(cancelOrder).toHaveBeenCalledWith({ vendor_id: 'v-1', order_id: 'v-1-r', reason: 'cancel.reason.duplicate-order' }));
    await waitFor(() => expect(idsIn('cancelled')).toEqual(['v-1-r']));
  });

  it('cancels with a reason typed under "Other", says so when done, and keeps the drawer quiet meanwhile', async () => {
    const order = anOrder('RECEIVED', { order_id: 'v-1-r' });
    let answer: (order: Order) => void = () => undefined;
    const cancelOrder = vi.fn(() => new Promise<Order>((resolve) => (answer = resolve)));
    renderOrdersScreen('/order-tracking?order_id=v-1-r', { api: { listOrders: async () => page([order]), cancelOrder } });
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel order' }));
    const picker = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    // The drawer behind the open picker does not claim the order is past cancelling.
    expect(screen.queryByText('This order can no longer be cancelled.')).toBeNull();
    fireEvent.click(within(picker).getByLabelText('Other'));
    const confirm = within(picker).getByRole('button', { name: 'Cancel order' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(picker).getByRole('textbox', { name: 'Tell us the reason' }), { target: { value: 'The shop closed early' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(cancelOrder).toHaveBeenCalledWith({ vendor_id: 'v-1', order_id: 'v-1-r', reason: 'The shop closed early' }));
    await screen.findAllByText('Attempting to cancel the order…');
    expect(screen.queryByText('This order can no longer be cancelled.')).toBeNull();
    act(() => answer(anOrder('CANCELLED', { order_id: 'v-1-r', updated_at: NOW, cancel_reason: 'The shop closed early' })));
    await screen.findByText('The order has been cancelled.');
    expect(screen.queryByText('Attempting to cancel the order…')).toBeNull();
  });

  it('refuses cancelling once the rider is near the vendor', async () => {
    renderOrdersScreen('/order-tracking?order_id=v-1-p', { api: { listOrders: async () => page([anOrder('NEAR_VENDOR', { order_id: 'v-1-p' })]) } });
    const drawer = await screen.findByRole('dialog');
    const button = within(drawer).getByRole('button', { name: 'Cancel order' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(within(drawer).getByText('This order can no longer be cancelled.')).toBeTruthy();
  });

  it('searches by customer phone (spaces removed) and fetches an order id of the vendor directly', async () => {
    const listOrders = vi.fn(async (_vendorId: string, query: OrderListQuery) =>
      page(query.customer_phone_number ? [anOrder('DELIVERED', { order_id: 'v-1-found' })] : []),
    );
    const getOrder = vi.fn(async () => anOrder('PICKED_UP', { order_id: 'v-1-direct' }));
    const { storage } = renderOrdersScreen('/order-tracking', { api: { listOrders, getOrder } });
    const input = await screen.findByLabelText('Search orders');
    fireEvent.change(input, { target: { value: '050 123 4567' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(idsIn('search')).toEqual(['v-1-found']));
    expect(listOrders.mock.calls.at(-1)?.[1]).toMatchObject({ customer_phone_number: '0501234567', from: 0 });
    fireEvent.change(input, { target: { value: 'v-1-direct' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(idsIn('search')).toEqual(['v-1-direct']));
    expect(getOrder).toHaveBeenCalledWith('v-1', 'v-1-direct');
    expect(JSON.parse(storage.getItem('portal.search-history') ?? '[]')).toEqual(['v-1-direct', '050 123 4567']);
  });

  it('shows the error of SPEC §8 and retries', async () => {
    const listOrders = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page([anOrder('RECEIVED')]));
    renderOrdersScreen('/order-tracking', { api: { listOrders } });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(idsIn('new')).toEqual(['v-1-received']));
  });
});
