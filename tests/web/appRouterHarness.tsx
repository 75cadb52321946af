// The app's own router component (src/app/AppRouter.tsx: it re-checks the route guards when the
// session, the flags or the selected vendor's role change) over the test doubles of renderApp.tsx,
// for screen tests about what happens while a page loads: the vendors can arrive after the first render.
import { act, render } from '@testing-library/react';
import type { ApiClient, Insights } from '../../adapters/ports';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { Vendor } from '../../domain/types';
import { AppRouter } from '../../src/app/AppRouter';
import { FALLBACK_FLAGS } from '../../src/app/flags/FlagsContext';
import { NO_VENDORS, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { OrdersServicesProvider, type OrdersServices } from '../../src/components/orders/OrdersServicesContext';
import { aVendor } from '../machines/builders';
import { AppContexts, fakeApi, fakeSession } from './renderApp';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { FakeLiveSocket, NOW } from './tracking-harness';

const OWNER: Vendor = { ...aVendor({ vendor_id: 'v-1', client_vendor_id: 'SA-1', is_parent: true }), role: 'owner' };
const OUTLET: Vendor = { ...aVendor({ vendor_id: 'v-2', client_vendor_id: 'SA-2', parent_vendor_id: 'v-1' }), role: 'owner' };
/** The signed-in owner's parent vendor and its outlet, as GET /vendors answers. */
export const LOADED_VENDORS: VendorsApi = { ...NO_VENDORS, list: 'loaded', vendors: [OWNER, OUTLET], selected: OWNER, showToggleOutlet: true, includeOutlets: true };

const NO_FIGURES: Insights = {
  time_zone: 'Asia/Dubai', currency: 'SAR', from: 0, to: 1,
  totals: { orders: 0, delivered: 0, returned: 0, cancelled: 0, in_progress: 0 },
  days: [], on_time: { delivered: 0, on_time: 0, rate: null }, request_to_pickup: { count: 0, average_s: null, p90_s: null },
  pickup_to_delivery: { count: 0, average_s: null, p90_s: null }, cancellations: { by_reason: [], by_who: [] },
  outlets: [], heat_map: [], drop_offs: { clusters: [], capped: false },
};

/** The first page of a file loads the route tree's modules cold: on a busy machine, longer than findBy's ceiling. */
export const FIRST_PAGE = { timeout: 20_000 };

/** The calls History and Insights make on their first load, answered with nothing in the period. */
export const PAGE_CALLS: Partial<ApiClient> = {
  getInsights: async () => NO_FIGURES,
  listOrders: async () => ({ data: [], pagination_key: null }),
  getOrderTrend: async () => ({ timeZone: 'Asia/Dubai', days: [] }),
};

/** The app signed in at `path` (the browser's URL), with `vendors` known so far; `vendorsArrive` delivers the loaded ones. */
export function renderAppRouter(path: string, api: Partial<ApiClient>, vendors: VendorsApi = NO_VENDORS) {
  window.history.replaceState(null, '', path);
  const session = fakeSession({ status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });
  const services: OrdersServices = { api: fakeApi(api), live: createTabLiveChannel(new FakeLiveSocket()), storage: createMemoryStorage(), clock: { nowUnix: () => NOW }, saveFile: () => undefined };
  const tree = (current: VendorsApi) => (
    <AppContexts session={session} flags={FALLBACK_FLAGS} vendors={current}>
      <OrdersServicesProvider services={services}>
        <MapPortProvider port={createMemoryMapPort()}>
          <AppRouter />
        </MapPortProvider>
      </OrdersServicesProvider>
    </AppContexts>
  );
  const view = render(tree(vendors));
  return { ...view, vendorsArrive: () => act(() => view.rerender(tree(LOADED_VENDORS))) };
}
