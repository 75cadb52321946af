// @vitest-environment jsdom
// SPEC §6: each wired flag, on and off, as a vendor sees the difference. Flags reach the views through
// the same FlagsContext the app's FlagsRoot provides.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { FlagMap } from '../../adapters/ports';
import { countryConfig } from '../../domain/countries';
import { greatCircleKm } from '../../domain/geo';
import type { Order, OrderStatus, Vendor } from '../../domain/types';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { FALLBACK_FLAGS } from '../../src/app/flags/FlagsContext';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { NO_VENDORS, VendorsContext } from '../../src/app/vendors/VendorsContext';
import { RequestFlowView } from '../../src/screens/request/RequestFlowView';
import { RequestServicesContext } from '../../src/screens/request/RequestServicesContext';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { OrderDetail } from '../../src/components/orders/OrderDetail';
import { useOrderDetailFlags } from '../../src/components/orders/useOrderDetailFlags';
import { deliveryAreaPolygon } from '../../src/screens/request/deliveryArea';
import { requestPaymentMethods } from '../../src/screens/request/requestInputOf';
import { GODROID_WELCOME_SEEN_KEY } from '../../src/shell/GodroidWelcome';
import { fakeSession, Providers, renderApp } from './renderApp';
import { aTrackingView, anOrder, fakeApi, NOW, renderOrdersScreen, VENDOR } from './tracking-harness';

afterEach(cleanup);

const withFlags = (flags: FlagMap): FlagMap => ({ ...FALLBACK_FLAGS, ...flags });

describe('RequestARiderGoesToLogin (with guest checkout on)', () => {
  it.each([
    [false, 'starts the guest flow'],
    [true, 'goes to /connect'],
  ])('flag %s: the landing page\'s "Request a rider" %s', async (on) => {
    renderApp('/', { flags: withFlags({ GuestCheckout: true, RequestARiderGoesToLogin: on }) });
    await screen.findByRole('heading', { name: 'Deliveries for your business, on demand' });
    if (on) {
      expect(screen.getByRole('link', { name: 'Request a rider' }).getAttribute('href')).toBe('/connect');
      // Guests still have their own way in.
      expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeTruthy();
    } else {
      expect(screen.queryByRole('link', { name: 'Request a rider' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Request a rider' }));
      expect(await screen.findByRole('dialog', { name: 'Continue as a guest' })).toBeTruthy();
    }
  });
});

describe('NonePaymentMethod', () => {
  const vendor: Vendor = { ...VENDOR, flags: { payment_methods: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] } };
  it.each([
    [false, ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT']],
    [true, ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT', 'NONE']],
  ])('flag %s: the request form offers %j', (on, methods) => {
    expect(requestPaymentMethods(vendor, true, on)).toEqual(methods);
  });
});

/** The order drawer's detail with the flags the app resolves for it. */
function DrawerDetail({ order }: { order: Order }) {
  const flags = useOrderDetailFlags();
  return <OrderDetail order={order} rider={null} flags={flags} />;
}

function renderDetail(order: Order, flags: FlagMap) {
  return render(
    <Providers>
      <StaticFlags flags={withFlags(flags)}>
        <MapPortProvider port={createMemoryMapPort()}>
          <DrawerDetail order={order} />
        </MapPortProvider>
      </StaticFlags>
    </Providers>,
  );
}

describe('order drawer messages for orders the vendor still holds', () => {
  const PREPARE = 'Please prepare the order: a rider will be on the way soon.';
  const PRE_ACCEPTED = 'This order is pre-accepted: no need to confirm it.';
  it.each<[string, string, OrderStatus, boolean, boolean]>([
    ['OrderPrepareMessage', PREPARE, 'NEW', true, true],
    ['OrderPrepareMessage', PREPARE, 'RECEIVED', true, true],
    ['OrderPrepareMessage', PREPARE, 'NEW', false, false],
    ['OrderPrepareMessage', PREPARE, 'PICKED_UP', true, false],
    ['OrderPreAcceptedStaticText', PRE_ACCEPTED, 'RECEIVED', true, true],
    ['OrderPreAcceptedStaticText', PRE_ACCEPTED, 'NEW', false, false],
    ['OrderPreAcceptedStaticText', PRE_ACCEPTED, 'ASSIGNED_TO_TRANSPORT', true, false],
  ])('%s: "%s" on a %s order with the flag %s shows: %s', (flag, text, status, on, shown) => {
    renderDetail(anOrder(status), { [flag]: on });
    expect(screen.queryByText(text) !== null).toBe(shown);
  });
});

describe('ShowTrackOrderBeforePickUp', () => {
  it.each<[OrderStatus, boolean, boolean]>([
    ['RECEIVED', false, false],
    ['RECEIVED', true, true],
    ['PICKED_UP', false, true],
    ['DELIVERED', false, true],
  ])('a %s order with the flag %s shows the tracking link: %s', (status, on, shown) => {
    renderDetail(anOrder(status), { ShowTrackOrderBeforePickUp: on });
    const link = screen.queryByRole('link', { name: 'Customer tracking page' });
    expect(link !== null).toBe(shown);
    if (link) expect(link.getAttribute('href')).toBe(`/tracking/v-1-${status.toLowerCase()}?t=tok`);
  });

  it("shows a guest's parcel with its sender and its id, not the placeholder vendor", () => {
    renderDetail(anOrder('PICKED_UP', { order_id: 'vendorID-0a1b', vendor_id: 'vendorID', outlet_name: 'guest', sender_name: 'Nora Guest' }), {});
    expect(screen.getByText('Nora Guest')).toBeTruthy();
    expect(screen.getByText('Sender')).toBeTruthy();
    expect(screen.getByText('0a1b')).toBeTruthy();
    expect(screen.queryByText('guest')).toBeNull();
    expect(screen.queryByText(/vendorID/)).toBeNull();
  });

  it("links a guest sender's parcel to the consumer-to-consumer page", () => {
    renderDetail(anOrder('PICKED_UP', { order_id: 'vendorID-p', vendor_id: 'vendorID', sender_name: 'Nora Guest' }), {});
    expect(screen.getByRole('link', { name: 'Customer tracking page' }).getAttribute('href')).toBe('/tracking-c2c/vendorID-p?t=tok');
  });
});

/** The request page for a vendor whose collection point is its own address. */
function renderRequestPage(flags: FlagMap) {
  const mapPort = createMemoryMapPort();
  const services: RequestServices = {
    api: fakeApi({ getCountryParameter: async () => '' }),
    storage: createMemoryStorage(),
    clock: { nowUnix: () => NOW },
    geolocator: { suggest: async () => ({ addressBook: [], places: [], reversed: [] }), placeDetails: async () => null, reverse: async () => null },
    navigator: { assign: () => undefined },
  };
  render(
    <Providers>
      <StaticFlags flags={withFlags(flags)}>
        <VendorsContext.Provider value={{ ...NO_VENDORS, vendors: [VENDOR], selected: VENDOR }}>
          <RequestServicesContext.Provider value={services}>
            <MapPortProvider port={mapPort}>
              <RequestFlowView vendor={VENDOR} isGuest={false} orderId={null} onlinePaymentActivated={false} goToTracking={() => undefined} />
            </MapPortProvider>
          </RequestServicesContext.Provider>
        </VendorsContext.Provider>
      </StaticFlags>
    </Providers>,
  );
  return mapPort;
}

describe('DrawDeliveryAreas', () => {
  it.each([
    [false, []],
    [true, ['delivery-area']],
  ])('flag %s: the request page map draws %j', async (on, drawn) => {
    const mapPort = renderRequestPage({ DrawDeliveryAreas: on });
    await screen.findByRole('combobox', { name: 'Customer address' });
    await waitFor(() => expect(mapPort.maps.length).toBeGreaterThan(0));
    await waitFor(() => expect(mapPort.maps.flatMap((map) => [...map.polygons.keys()])).toEqual(drawn));
  });

  it('the delivery area is a closed ring at the country distance limit around the collection point', () => {
    const centre = { latitude: 24.7136, longitude: 46.6753 };
    const limit = countryConfig('SA').distanceLimitKm;
    const { geometry } = deliveryAreaPolygon(centre, limit);
    if (geometry.type !== 'Polygon') throw new Error('expected a polygon');
    const ring = geometry.coordinates[0] ?? [];
    expect(ring.length).toBeGreaterThan(16);
    expect(ring.at(-1)).toEqual(ring[0]);
    for (const [longitude, latitude] of ring) expect(greatCircleKm(centre, { latitude: latitude ?? NaN, longitude: longitude ?? NaN })).toBeCloseTo(limit, 3);
  });
});

describe('GodroidPopup', () => {
  const godroid = fakeSession({ mode: 'GODROID', status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });
  const listOrders = async () => ({ data: [], pagination_key: null });
  const WELCOME = 'Welcome to HungerStation Send';

  it.each([
    [false, {}, false],
    [true, {}, true],
    [true, { [GODROID_WELCOME_SEEN_KEY]: 'true' }, false],
  ])('flag %s, storage %j: the GODROID welcome dialog shows: %s', async (on, stored, shown) => {
    renderOrdersScreen('/history', { api: { listOrders }, session: godroid, flags: withFlags({ GodroidPopup: on }), storage: stored });
    await screen.findAllByRole('navigation', { hidden: true });
    expect(screen.queryByRole('dialog', { name: WELCOME }) !== null).toBe(shown);
  });

  it('is shown once: closing it is remembered in the storage', async () => {
    const { storage } = renderOrdersScreen('/history', { api: { listOrders }, session: godroid, flags: withFlags({ GodroidPopup: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull());
    expect(storage.getItem(GODROID_WELCOME_SEEN_KEY)).toBe('true');
  });

  it('is not shown outside GODROID mode', async () => {
    renderOrdersScreen('/history', { api: { listOrders }, flags: withFlags({ GodroidPopup: true }) });
    await screen.findAllByRole('navigation', { hidden: true });
    expect(screen.queryByRole('dialog', { name: WELCOME })).toBeNull();
  });
});

describe('TrackingPageSettings (an object variation)', () => {
  const view = aTrackingView({ status: 'PICKED_UP', stage: 'collected', eta_to_vendor_min: null, eta_to_customer_min: 7 });

  it.each([
    [{ showRiderPhone: true, showMap: true }, true],
    [{ showRiderPhone: true, showMap: false }, false],
    [{ showRiderPhone: false }, true],
  ])('%j: the public tracking page shows the map: %s', async (settings, shown) => {
    renderOrdersScreen('/tracking/v-1-x?t=secret', { api: { getTracking: async () => view }, session: fakeSession(), flags: withFlags({ TrackingPageSettings: settings }) });
    await screen.findByText('Your rider: Ahmed');
    expect(screen.queryByTestId('order-map') !== null).toBe(shown);
  });
});
