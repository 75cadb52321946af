// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagMap } from '../../adapters/ports';
import type { Vendor } from '../../domain/types';
import type { SessionApi } from '../../src/app/session/SessionContext';
import type { VendorsApi } from '../../src/app/vendors/VendorsContext';
import { AppShell } from '../../src/shell/AppShell';
import { aVendor } from '../machines/builders';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { KeyValueStorage } from '../../adapters/ports';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { AppContexts, fakeSession } from './renderApp';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { fakeApi, FakeLiveSocket, NOW } from './tracking-harness';

afterEach(cleanup);

/** The help-centre token + init, as the widget sees them: a URL per vendor. */
const openHelpCentre = vi.fn(async (vendorId: string) => `about:blank#help-${vendorId}`);

function vendor(id: string, name: string, isParent: boolean): Vendor {
  const base = aVendor({ vendor_id: id, parent_vendor_id: isParent ? null : 'p-1', client_vendor_id: id, is_parent: isParent, name });
  return { ...base, vendor_information: { ...base.vendor_information, name } };
}

const parent = vendor('p-1', 'Riyadh Bakery', true);
const outlet = vendor('o-2', 'Olaya Outlet', false);

function vendorsApi(overrides: Partial<VendorsApi> = {}): VendorsApi {
  return { list: 'loaded', vendors: [parent, outlet], selected: parent, select: vi.fn(), showToggleOutlet: true, includeOutlets: false, setIncludeOutlets: vi.fn(), ...overrides };
}

/** The top navigation over a stub page, at `path`. */
function renderNav(path: string, { session, vendors, flags = { Helpcenter: true }, storage = createMemoryStorage() }: { session: SessionApi; vendors: VendorsApi; flags?: FlagMap; storage?: KeyValueStorage }) {
  const root = createRootRoute({ component: AppShell });
  const page = (p: string) => createRoute({ getParentRoute: () => root, path: p, component: () => <p>page</p> });
  const router = createRouter({
    routeTree: root.addChildren([page('/request-a-rider'), page('/request-a-rider/$vendorID'), page('/history/$vendorID'), page('/insights/$vendorID'), page('/order-tracking/$vendorID'), page('/helpcenter/$vendorID'), page('/bulk-order/$vendorID')]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const services = { api: fakeApi({}), live: createTabLiveChannel(new FakeLiveSocket()), storage, clock: { nowUnix: () => NOW }, saveFile: () => undefined };
  const tree = (current: VendorsApi) => (
    <AppContexts session={session} flags={flags} vendors={current} openHelpCentre={openHelpCentre}>
      <OrdersServicesProvider services={services}>
        <RouterProvider router={router} />
      </OrdersServicesProvider>
    </AppContexts>
  );
  const view = render(tree(vendors));
  /** The vendor list as it arrives while the page stays open. */
  const changeVendors = (next: VendorsApi) => view.rerender(tree(next));
  return { router, changeVendors };
}

const signedIn = fakeSession({ status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });
const guest = fakeSession({ status: 'signedIn', isAuthenticated: true, isGuest: true, mode: 'GUEST' });

describe('top navigation', () => {
  it('shows the tabs with the vendor id, the branch selector, help centre and the account email', async () => {
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi(), flags: { Helpcenter: true, BulkOrderUpload: true } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Request a rider', 'Tracking', 'History', 'Insights', 'Bulk order']);
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual(['/request-a-rider/p-1', '/order-tracking/p-1', '/history/p-1', '/insights/p-1', '/bulk-order/p-1']);
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('vendor@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('/helpcenter/p-1');
    expect(screen.getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe('/settings/developers');
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/settings/team');
    expect(screen.getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe('/settings/audit');
  });

  it('opens the help centre in a floating widget with its iframe and closes it again', async () => {
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi(), flags: { Helpcenter: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Help centre' }));
    const widget = await screen.findByRole('dialog', { name: 'Help centre' });
    const frame = await within(widget).findByTitle('Help centre');
    expect(frame.getAttribute('src')).toBe('about:blank#help-p-1');
    expect(openHelpCentre).toHaveBeenLastCalledWith('p-1');
    fireEvent.click(within(widget).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Help centre' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Help centre' })).toBeTruthy();
  });

  it('offers no help-centre button when the Helpcenter flag is off', async () => {
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi(), flags: { Helpcenter: false } });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'Help centre' })).toBeNull();
  });

  it('offers no help centre inside the courier app (GODROID), whatever the flag says', async () => {
    const godroid = fakeSession({ status: 'signedIn', isAuthenticated: true, mode: 'GODROID' });
    renderNav('/history/p-1', { session: godroid, vendors: vendorsApi(), flags: { Helpcenter: true } });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'Help centre' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Help centre' })).toBeNull();
    // API keys are a signed-in user's: the courier app's vendor token cannot create them.
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
  });

  it('asks a courier-app user to accept the terms while godroid-tos-required is set, and forgets the marker once accepted', async () => {
    const logout = vi.fn();
    const godroid = fakeSession({ status: 'signedIn', isAuthenticated: true, mode: 'GODROID', logout });
    const storage = createMemoryStorage({ 'godroid-tos-required': 'true' });
    renderNav('/history/p-1', { session: godroid, vendors: vendorsApi(), storage });
    const terms = await screen.findByRole('dialog', { name: 'Accept the terms of service' });
    fireEvent.click(within(terms).getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalled();
    fireEvent.click(within(terms).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept the terms of service' })).toBeNull());
    expect(storage.getItem('godroid-tos-required')).toBeNull();
  });

  it('has no branch selector, help centre, insights or bulk tab for guests, and offers login and registration', async () => {
    renderNav('/request-a-rider', { session: guest, vendors: vendorsApi({ list: 'none', vendors: [], selected: null, showToggleOutlet: false }), flags: { Helpcenter: true, BulkOrderUpload: true } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link').map((tab) => tab.textContent)).toEqual(['Request a rider', 'Tracking', 'History']);
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help centre' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Help centre' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
  });

  it('rewrites the URL to the new branch and keeps orderID on the request page', async () => {
    const select = vi.fn();
    const { router } = renderNav('/request-a-rider/p-1?orderID=p-1-abc', { session: signedIn, vendors: vendorsApi({ select }) });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Branch' }), { target: { value: 'o-2' } });
    expect(select).toHaveBeenCalledWith('o-2');
    await vi.waitFor(() => expect(router.state.location.href).toBe('/request-a-rider/o-2?orderID=p-1-abc'));
  });

  it('selects the branch a typed or linked URL names, and ignores an id the user cannot reach', async () => {
    const select = vi.fn();
    renderNav('/history/o-2', { session: signedIn, vendors: vendorsApi({ select }) });
    await vi.waitFor(() => expect(select).toHaveBeenCalledWith('o-2'));
    cleanup();
    const ignored = vi.fn();
    renderNav('/history/x-9', { session: signedIn, vendors: vendorsApi({ select: ignored }) });
    await screen.findByRole('combobox', { name: 'Branch' });
    expect(ignored).not.toHaveBeenCalled();
  });

  it('never lets the old URL win the selection back while a branch pick rewrites it', async () => {
    const select = vi.fn();
    const { router } = renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ select }) });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Branch' }), { target: { value: 'o-2' } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/history/o-2'));
    expect(select).not.toHaveBeenCalledWith('p-1');
  });

  it('disables the include-all-outlets toggle on the request page and enables it elsewhere for a parent', async () => {
    renderNav('/request-a-rider/p-1', { session: signedIn, vendors: vendorsApi() });
    expect((await screen.findByRole('switch', { name: 'Include all outlets' })).hasAttribute('disabled')).toBe(true);
    cleanup();
    const setIncludeOutlets = vi.fn();
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ setIncludeOutlets }) });
    const toggle = await screen.findByRole('switch', { name: 'Include all outlets' });
    expect(toggle.hasAttribute('disabled')).toBe(false);
    fireEvent.click(toggle);
    expect(setIncludeOutlets).toHaveBeenCalledWith(true);
  });

  it('disables the toggle for a non-parent outlet and hides it when the country does not allow it', async () => {
    renderNav('/history/o-2', { session: signedIn, vendors: vendorsApi({ selected: outlet }) });
    expect((await screen.findByRole('switch', { name: 'Include all outlets' })).hasAttribute('disabled')).toBe(true);
    cleanup();
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ showToggleOutlet: false }) });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('opens the mobile menu drawer with the vendor name and id', async () => {
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getAllByText('Riyadh Bakery').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('ID: p-1')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

describe('navigation by team role (issue #27)', () => {
  const withRole = (role: Vendor['role']) => ({ ...parent, role });
  const tabsOf = async () => within(await screen.findByRole('navigation', { name: 'Main navigation' })).getAllByRole('link').map((tab) => tab.textContent);

  it('shows a viewer only Tracking and History, and no Developers link', async () => {
    const viewer = withRole('viewer');
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ vendors: [viewer, outlet], selected: viewer }), flags: { Helpcenter: true, BulkOrderUpload: true } });
    expect(await tabsOf()).toEqual(['Tracking', 'History']);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('vendor@example.com')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit trail' })).toBeNull();
  });

  it('shows a dispatcher Request, Tracking and History but not Bulk order nor Developers', async () => {
    const dispatcher = withRole('dispatcher');
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ vendors: [dispatcher, outlet], selected: dispatcher }), flags: { Helpcenter: true, BulkOrderUpload: true } });
    expect(await tabsOf()).toEqual(['Request a rider', 'Tracking', 'History']);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('vendor@example.com')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit trail' })).toBeNull();
  });

  it.each(['owner', 'dispatcher'] as const)("waits for the vendor list: while it loads only what every role may, busy; then the %s's tabs and links", async (role) => {
    const loading = vendorsApi({ list: 'loading', vendors: [], selected: null });
    const { changeVendors } = renderNav('/history/p-1', { session: signedIn, vendors: loading, flags: { Helpcenter: true, BulkOrderUpload: true } });
    expect(await tabsOf()).toEqual(['Tracking', 'History']);
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('vendor@example.com')).toBeTruthy();
    const ownerOnly = ['Team', 'Audit trail', 'Developers', 'Notifications', 'Saved templates'];
    for (const name of ownerOnly) expect(screen.queryByRole('link', { name }), name).toBeNull();
    expect(screen.getByRole('link', { name: 'Become a partner' }).closest('ul')?.getAttribute('aria-busy')).toBe('true');

    const member = withRole(role);
    changeVendors(vendorsApi({ vendors: [member, outlet], selected: member }));
    const expected = role === 'owner' ? ['Request a rider', 'Tracking', 'History', 'Insights', 'Bulk order'] : ['Request a rider', 'Tracking', 'History'];
    await waitFor(async () => expect(await tabsOf()).toEqual(expected));
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).hasAttribute('aria-busy')).toBe(false);
    for (const name of ['Team', 'Audit trail', 'Developers', 'Notifications']) {
      if (role === 'owner') expect(screen.getByRole('link', { name }), name).toBeTruthy();
      else expect(screen.queryByRole('link', { name }), name).toBeNull();
    }
    // A dispatcher places orders, so its saved templates are offered.
    expect(screen.getByRole('link', { name: 'Saved templates' })).toBeTruthy();
  });

  it('shows a manager every tab and the Developers link (webhooks)', async () => {
    const manager = withRole('manager');
    renderNav('/history/p-1', { session: signedIn, vendors: vendorsApi({ vendors: [manager, outlet], selected: manager }), flags: { Helpcenter: true, BulkOrderUpload: true } });
    expect(await tabsOf()).toEqual(['Request a rider', 'Tracking', 'History', 'Insights', 'Bulk order']);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('link', { name: 'Developers' })).toBeTruthy();
    // The team is the owners' to manage; managers read the audit trail.
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Audit trail' })).toBeTruthy();
  });
});
