// Test harness of the order screens: the real route tree and providers, with in-memory doubles for
// the API, the live socket and the map, so the screens run their real machines.
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { ApiClient, Clock, LiveConnection, LiveServerMessage, LiveSocket, LiveSocketHandlers, TrackingView } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { FlagMap } from '../../adapters/ports';
import type { Order, OrderStatus, Vendor } from '../../domain/types';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { FALLBACK_FLAGS } from '../../src/app/flags/FlagsContext';
import type { SessionApi } from '../../src/app/session/SessionContext';
import type { VendorsApi } from '../../src/app/vendors/VendorsContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { OrdersServicesProvider, type OrdersServices } from '../../src/components/orders/OrdersServicesContext';
import { aVendor } from '../machines/builders';
import { AppContexts, appRouterAt, fakeApi, fakeSession } from './renderApp';

export { fakeApi };

/** 2026-01-01T10:00:00Z, 14:00 in Asia/Dubai. */
export const NOW = 1_767_261_600;

/** A recipient's public tracking view of an order near its vendor, rider on the way. */
export function aTrackingView(overrides: Partial<TrackingView> = {}): TrackingView {
  return {
    order_id: 'v-1-x',
    status: 'NEAR_VENDOR',
    kind: 'recipient',
    stage: 'near-vendor',
    created_at: NOW - 600,
    updated_at: NOW - 30,
    preordered_for: null,
    vendor_name: 'Riyadh Bakery',
    sender_first_name: null,
    customer_first_name: 'Sara',
    destination: { latitude: 24.71, longitude: 46.67 },
    pickup: { latitude: 24.7, longitude: 46.6 },
    rider: { first_name: 'Ahmed', latitude: 24.705, longitude: 46.63, updated_at: NOW - 5 },
    eta_to_vendor_min: 2,
    eta_to_customer_min: null,
    status_history: [],
    ...overrides,
  };
}

export function anOrder(status: OrderStatus, overrides: Partial<Order> = {}): Order {
  const id = overrides.order_id ?? `v-1-${status.toLowerCase()}`;
  return {
    order_id: id,
    vendor_id: 'v-1',
    created_at: NOW - 600,
    updated_at: NOW - 60,
    status,
    status_history: [{ status, created_at: NOW - 600 }],
    preordered_for: null,
    customer: { name: 'Sara Ali', phone_number: '+966501234567', location: { address: 'King Fahd Road, Riyadh', latitude: 24.71, longitude: 46.67, notes: '' } },
    order: { amount: 120, description: 'Documents', payment_method: 'CASH_ON_DELIVERY' },
    delivery_fee: 15,
    total_amount: 135,
    currency: 'SAR',
    tracking_token: 'tok',
    ...overrides,
  };
}

export const VENDOR: Vendor = aVendor({ vendor_id: 'v-1', client_vendor_id: 'SA-1' });

export const VENDORS: VendorsApi = {
  list: 'loaded',
  vendors: [VENDOR],
  selected: VENDOR,
  select: () => undefined,
  showToggleOutlet: false,
  includeOutlets: false,
  setIncludeOutlets: () => undefined,
};

/** A socket the test drives: it opens when asked and records what the app sends. */
export class FakeLiveSocket implements LiveSocket {
  handlers: LiveSocketHandlers | null = null;
  sent: unknown[] = [];
  opened = 0;
  /** The Authorization each open was given, in order. */
  authorizations: (string | null | undefined)[] = [];
  open(handlers: LiveSocketHandlers, authorization?: string | null): LiveConnection {
    this.handlers = handlers;
    this.opened += 1;
    this.authorizations.push(authorization);
    return { send: (message) => this.sent.push(message), close: () => (this.handlers = null) };
  }
  serverSends(message: LiveServerMessage) {
    this.handlers?.onMessage(message);
  }
}

export interface OrdersScreenOptions {
  api: Partial<ApiClient>;
  live?: FakeLiveSocket;
  flags?: FlagMap;
  session?: SessionApi;
  vendors?: VendorsApi;
  storage?: Record<string, string>;
  saveFile?: OrdersServices['saveFile'];
  locale?: string;
}

export function renderOrdersScreen(path: string, options: OrdersScreenOptions) {
  const session = options.session ?? fakeSession({ status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });
  const flags = options.flags ?? FALLBACK_FLAGS;
  const live = options.live ?? new FakeLiveSocket();
  const storage = createMemoryStorage(options.storage);
  const clock: Clock = { nowUnix: () => NOW };
  const services: OrdersServices = { api: fakeApi(options.api), live: createTabLiveChannel(live), storage, clock, saveFile: options.saveFile ?? (() => undefined) };
  const router = appRouterAt(path, session, flags);
  let vendors = options.vendors ?? VENDORS;
  let session_ = session;
  const tree = (current: SessionApi) => (
    <AppContexts session={current} flags={flags} vendors={vendors} locale={options.locale}>
      <OrdersServicesProvider services={services}>
        <MapPortProvider port={createMemoryMapPort()}>
          <RouterProvider router={router} />
        </MapPortProvider>
      </OrdersServicesProvider>
    </AppContexts>
  );
  const view = render(tree(session));
  /** The session as it changes while the page stays open (a token refresh). */
  const changeSession = (next: SessionApi) => {
    session_ = next;
    view.rerender(tree(next));
  };
  /** The vendor list as it arrives while the page stays open. */
  const changeVendors = (next: VendorsApi) => {
    vendors = next;
    view.rerender(tree(session_));
  };
  return { ...view, router, live, channel: services.live, storage, changeSession, changeVendors };
}
