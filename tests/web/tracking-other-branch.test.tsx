// @vitest-environment jsdom
// A tracking or history URL naming a branch of another account (a pasted link) says so at once and
// offers the user's own branch, instead of a list that fails and retries.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderOrdersScreen, VENDOR } from './tracking-harness';

afterEach(cleanup);

describe('a branch of another account in the URL', () => {
  it.each(['/order-tracking', '/history'])('%s/{other} shows no access, asks for no orders, and links to the own branch', async (section) => {
    const listOrders = vi.fn(async () => ({ data: [], pagination_key: null }));
    const { router } = renderOrdersScreen(`${section}/other-9`, { api: { listOrders } });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this.' })).toBeTruthy();
    expect(listOrders).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: `Show the orders of ${VENDOR.name}` }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`${section}/${VENDOR.vendor_id}`));
  });
});
