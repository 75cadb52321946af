// @vitest-environment jsdom
// The app-wide banner for a failing webhook endpoint (src/shell/FailingWebhooksBanner.tsx): shown
// across the signed-in shell while any endpoint of the account is marked failing, with a link to
// Settings → Developers → Webhooks; never for a guest, and never when nothing is failing. It follows
// the endpoints while the app is open: gone once a test event on the Webhooks page went through (with
// the endpoint's own notice there), shown when a failure starts and the user comes back to the page.
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, WebhookEndpoint } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { SessionApi } from '../../src/app/session/SessionContext';
import type { VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { WebhooksSection } from '../../src/screens/developers/WebhooksSection';
import { AppShell } from '../../src/shell/AppShell';
import { aVendor } from '../machines/builders';
import { AppContexts, fakeSession } from './renderApp';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { fakeApi, FakeLiveSocket, NOW } from './tracking-harness';

afterEach(cleanup);

const parent = aVendor({ vendor_id: 'p-1', parent_vendor_id: null, client_vendor_id: 'p-1', is_parent: true, name: 'Riyadh Bakery' });
const vendors: VendorsApi = { list: 'loaded', vendors: [parent], selected: parent, select: vi.fn(), showToggleOutlet: false, includeOutlets: false, setIncludeOutlets: vi.fn() };

function endpoint(id: string, failingSince: number | null): WebhookEndpoint {
  return { endpoint_id: id, vendor_id: 'p-1', url: `https://shop.example/${id}`, events: ['order.created'], created_by: 'vendor@example.com', created_at: NOW - 86_400 * 3, previous_secret_expires_at: null, failing_since: failingSince };
}

function renderShell(session: SessionApi, api: Partial<ApiClient>, locale?: string, path = '/history/p-1', live = new FakeLiveSocket()) {
  const root = createRootRoute({ component: AppShell });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/history/$vendorID', component: () => <p>page</p> }),
      createRoute({ getParentRoute: () => root, path: '/settings/developers', component: WebhooksSection }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <AppContexts session={session} flags={{}} vendors={vendors} {...(locale ? { locale } : {})}>
      <OrdersServicesProvider services={{ api: fakeApi(api), live: createTabLiveChannel(live), storage: createMemoryStorage(), clock: { nowUnix: () => NOW }, saveFile: () => undefined }}>
        <RouterProvider router={router} />
      </OrdersServicesProvider>
    </AppContexts>,
  );
}

const signedIn = fakeSession({ status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });
const guest = fakeSession({ status: 'signedIn', isAuthenticated: true, isGuest: true, mode: 'GUEST' });

describe('failing webhooks banner', () => {
  it('warns on every signed-in page while an endpoint is failing, and links to the Webhooks section', async () => {
    const listWebhooks = vi.fn(async () => [endpoint('we-1', null), endpoint('we-2', NOW - 60)]);
    renderShell(signedIn, { listWebhooks });
    const banner = await screen.findByTestId('failing-webhooks-banner');
    expect(banner.textContent).toContain('A webhook endpoint is failing: deliveries to it have not gone through for 24 hours.');
    const link = screen.getByRole('link', { name: 'Check your webhooks' });
    expect(link.getAttribute('href')).toBe('/settings/developers#webhooks-heading');
    expect(listWebhooks).toHaveBeenCalledTimes(1);
  });

  it('is translated', async () => {
    renderShell(signedIn, { listWebhooks: async () => [endpoint('we-2', NOW - 60)] }, 'ar-SA');
    expect((await screen.findByTestId('failing-webhooks-banner')).textContent).toContain('إحدى نقاط استقبال خطافات الويب متعثّرة');
  });

  it('says how many endpoints fail when several do, in the language\'s plural form', async () => {
    const three = async () => [endpoint('we-1', NOW - 60), endpoint('we-2', NOW - 60), endpoint('we-3', NOW - 60)];
    renderShell(signedIn, { listWebhooks: three });
    expect((await screen.findByTestId('failing-webhooks-banner')).textContent).toContain('3 webhook endpoints are failing: deliveries to them have not gone through for 24 hours.');
    cleanup();
    renderShell(signedIn, { listWebhooks: async () => [endpoint('we-1', NOW - 60), endpoint('we-2', NOW - 60)] }, 'ar-SA');
    // Arabic's dual: two endpoints have a form of their own.
    expect((await screen.findByTestId('failing-webhooks-banner')).textContent).toContain('نقطتا استقبال لخطافات الويب متعثّرتان');
    cleanup();
    renderShell(signedIn, { listWebhooks: three }, 'ar-SA');
    expect((await screen.findByTestId('failing-webhooks-banner')).textContent).toContain('نقاط استقبال لخطافات الويب متعثّرة');
  });

  it('appears at once when the server says an endpoint started failing, without waiting for the next read', async () => {
    const live = new FakeLiveSocket();
    let failing = false;
    const listWebhooks = vi.fn(async () => [endpoint('we-2', failing ? NOW : null)]);
    renderShell(signedIn, { listWebhooks }, undefined, '/history/p-1', live);
    // Once the list answered, the banner asks the server for notices on the tab's shared socket.
    await waitFor(() => expect(live.opened).toBe(1));
    act(() => live.handlers?.onOpen?.());
    expect(live.sent).toEqual([{ action: 'subscribeToWebhookHealth' }]);
    expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull();
    failing = true;
    act(() => live.serverSends({ type: 'webhook_health', vendor_id: 'p-1', endpoint_id: 'we-2', failing: true }));
    await screen.findByTestId('failing-webhooks-banner');
    expect(listWebhooks).toHaveBeenCalledTimes(2);
    failing = false;
    act(() => live.serverSends({ type: 'webhook_health', vendor_id: 'p-1', endpoint_id: 'we-2', failing: false }));
    await waitFor(() => expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull());

    // A dropped socket is opened again by the channel (1 s later) and asked for the notices again; a
    // notice may have gone by meanwhile, so the list is read again.
    failing = true;
    act(() => live.handlers?.onClose?.({ code: 1006, reason: '', wasClean: false }));
    await waitFor(() => expect(live.opened).toBe(2), { timeout: 3000 });
    act(() => live.handlers?.onOpen?.());
    expect(live.sent).toEqual([{ action: 'subscribeToWebhookHealth' }, { action: 'subscribeToWebhookHealth' }]);
    await screen.findByTestId('failing-webhooks-banner');
    expect(listWebhooks).toHaveBeenCalledTimes(4);
  });

  it('stays away while every endpoint delivers, or when the list cannot load', async () => {
    const healthy = vi.fn(async () => [endpoint('we-1', null)]);
    renderShell(signedIn, { listWebhooks: healthy });
    await waitFor(() => expect(healthy).toHaveBeenCalled());
    // The banner's machine took the answer before this await resumes (it subscribed first).
    await act(async () => { await healthy.mock.results[0]?.value; });
    expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull();
    cleanup();

    const broken = vi.fn(async (): Promise<WebhookEndpoint[]> => { throw new Error('offline'); });
    renderShell(signedIn, { listWebhooks: broken });
    await waitFor(() => expect(broken).toHaveBeenCalled());
    await act(async () => { await (broken.mock.results[0]?.value as Promise<unknown>).catch(() => undefined); });
    expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull();
  });

  it('is not asked for by a guest', async () => {
    const listWebhooks = vi.fn(async () => [endpoint('we-2', NOW - 60)]);
    renderShell(guest, { listWebhooks });
    await screen.findByText('page');
    expect(listWebhooks).not.toHaveBeenCalled();
    expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull();
  });

  it('goes as soon as a test event sent from the Webhooks page went through', async () => {
    // The receiver was fixed: the test delivery goes through and the server clears the failure.
    let fixed = false;
    const listWebhooks = vi.fn(async () => [endpoint('we-2', fixed ? null : NOW - 60)]);
    const sendWebhookTestEvent = vi.fn(async () => { fixed = true; return { delivery_id: 'wd-9' }; });
    const listWebhookDeliveries = vi.fn(async () => []);
    renderShell(signedIn, { listWebhooks, sendWebhookTestEvent, listWebhookDeliveries }, undefined, '/settings/developers');
    await screen.findByTestId('failing-webhooks-banner');
    const rowNotice = 'Failing: deliveries to this endpoint have not gone through for 24 hours. Check it, then resend them.';
    expect(await screen.findByText(rowNotice)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull());
    expect(sendWebhookTestEvent).toHaveBeenCalledWith('we-2');
    // The endpoint's own notice on the Webhooks page goes with it.
    await waitFor(() => expect(screen.queryByText(rowNotice)).toBeNull());
  });

  it('appears when an endpoint starts failing while the app is open, once the user comes back to the page', async () => {
    const answers = [[endpoint('we-2', null)], [endpoint('we-2', NOW)]];
    const listWebhooks = vi.fn(async () => answers[Math.min(listWebhooks.mock.calls.length - 1, 1)] ?? []);
    renderShell(signedIn, { listWebhooks });
    await waitFor(() => expect(listWebhooks).toHaveBeenCalledTimes(1));
    await act(async () => { await listWebhooks.mock.results[0]?.value; });
    expect(screen.queryByTestId('failing-webhooks-banner')).toBeNull();
    act(() => { window.dispatchEvent(new Event('focus')); });
    await screen.findByTestId('failing-webhooks-banner');
    expect(listWebhooks).toHaveBeenCalledTimes(2);
  });
});
