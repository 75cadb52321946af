// @vitest-environment jsdom
// The request-a-rider screen as a vendor meets it, over the real machines with in-memory adapters:
// every call the screen makes goes through the fake ApiClient below, so the assertions read the
// payloads the server would receive.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { ApiClient, Geolocator, GeolocatorSuggestions } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { OrderRequestPayload, Vendor } from '../../domain/types';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { VendorsContext, NO_VENDORS } from '../../src/app/vendors/VendorsContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { RequestFlowView } from '../../src/screens/request/RequestFlowView';
import { RequestServicesContext } from '../../src/screens/request/RequestServicesContext';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { Providers } from './renderApp';

afterEach(cleanup);

const NOW = 1_795_000_000; // a fixed instant; the flow reads time only through the clock

function aVendor(overrides: Partial<Vendor> = {}, country = 'SA'): Vendor {
  return {
    vendor_id: country === 'SA' ? 'sa-1000' : 'pk-3000',
    parent_vendor_id: null,
    client_vendor_id: 'C-1',
    is_parent: true,
    is_active: true,
    is_registered: true,
    name: country === 'SA' ? 'Riyadh Fresh Bakery' : 'Lahore Tikka House',
    vendor_information: {
      name: 'Bakery',
      currency: country === 'SA' ? 'SAR' : 'PKR',
      owners: [],
      contact: { phone: '+966112345678' },
      location: {
        address_text: 'King Fahd Road, Al Olaya, Riyadh',
        building: '',
        city: 'Riyadh',
        country_code: country,
        latitude: 24.7136,
        longitude: 46.6753,
        postal_code: '12211',
        street: 'King Fahd Road',
        street_number: '',
        unit: '',
        rider_instructions: '',
      },
    },
    flags: { payment_methods: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] },
    estimation_pick_up_time: 10,
    ...overrides,
  };
}

const OLAYA = { address: { id: 'p1', formatted_address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.69, longitude: 46.68 } };

/** An ApiClient whose every call not given here fails the test loudly. */
function fakeApi(calls: Partial<ApiClient>): ApiClient {
  return new Proxy(calls, {
    get: (target, name: string) =>
      (target as Record<string, unknown>)[name] ??
      (() => {
        throw new Error(`unexpected call ${name}`);
      }),
  }) as ApiClient;
}

function fakeGeolocator(): Geolocator {
  return {
    suggest: async ({ query }): Promise<GeolocatorSuggestions> => ({
      addressBook: [],
      places: query.toLowerCase().includes('olaya') ? [OLAYA] : [],
      reversed: [],
    }),
    placeDetails: async () => null,
    reverse: async (point) => ({
      address: { formatted_address: `Dropped pin ${point.latitude}`, latitude: point.latitude, longitude: point.longitude, city: 'Riyadh', country_code: 'SA', zipcode: '', street: '', number: '' },
    }),
  };
}

function parametersApi(parameters: Record<string, string>): Pick<ApiClient, 'getCountryParameter'> {
  return { getCountryParameter: async (name) => parameters[name] ?? '' };
}

function renderFlow(options: { api: Partial<ApiClient>; vendor?: Vendor; flags?: Record<string, boolean>; goToTracking?: () => void }) {
  const services: RequestServices = {
    api: fakeApi(options.api),
    storage: createMemoryStorage(),
    clock: { nowUnix: () => NOW },
    geolocator: fakeGeolocator(),
    navigator: { assign: vi.fn() },
  };
  const goToTracking = vi.fn(options.goToTracking);
  const mapPort = createMemoryMapPort();
  const wrap = (children: ReactNode) => (
    <Providers>
      <StaticFlags flags={{ Voucher: true, PreOrder: true, AddressBook: true, DigitGrouping: true, ...options.flags }}>
        <VendorsContext.Provider value={{ ...NO_VENDORS, vendors: [options.vendor ?? aVendor()], selected: options.vendor ?? aVendor() }}>
          <RequestServicesContext.Provider value={services}>
            <MapPortProvider port={mapPort}>
              {children}
              <ToastViewport />
            </MapPortProvider>
          </RequestServicesContext.Provider>
        </VendorsContext.Provider>
      </StaticFlags>
    </Providers>
  );
  const view = render(
    wrap(<RequestFlowView vendor={options.vendor ?? aVendor()} isGuest={false} orderId={null} onlinePaymentActivated goToTracking={goToTracking} />),
  );
  return { ...view, services, goToTracking, mapPort };
}

/** The delivery fee line of the payment summary, once computed. */
async function feeShows(text: string | RegExp) {
  // Intl puts a no-break space between the currency and the amount.
  await waitFor(() => expect(screen.getByTestId('delivery-fee').textContent?.replace(/\u00a0/g, ' ')).toMatch(text), { timeout: 2000 });
}

/** The customer step as a vendor fills it in: name, phone and (when given) the order amount. */
function fillCustomer(amount?: string) {
  fireEvent.change(screen.getByLabelText('Customer name'), { target: { value: 'Sara Ali' } });
  fireEvent.change(screen.getByLabelText('Customer phone'), { target: { value: '0501234567' } });
  if (amount !== undefined) fireEvent.change(screen.getByLabelText('Order amount (SAR)'), { target: { value: amount } });
}

async function chooseDropOff(query = 'Olaya') {
  const input = await screen.findByRole('combobox', { name: 'Customer address' });
  fireEvent.change(input, { target: { value: query } });
  fireEvent.focus(input);
  // The geolocator is asked after 500 ms of quiet.
  const option = await screen.findByRole('option', { name: /Olaya Street/ }, { timeout: 2000 });
  fireEvent.mouseDown(option);
}

const okCalls = (created: OrderRequestPayload[] = []): Partial<ApiClient> => ({
  ...parametersApi({ orderItemValueExceedLimit: '-1' }),
  validateDeliveryArea: async () => 'DELIVERABLE',
  computeFee: async () => ({ fee: 12.5, signature: 'signed-fee', expires_at: NOW + 300 }),
  createOrder: async (payload) => {
    created.push(payload);
    return { order_id: 'sa-1000-0001' };
  },
});

describe('request a rider', () => {
  it('places an ASAP cash order: fee after the drop-off, errors in order, then tracking', async () => {
    const created: OrderRequestPayload[] = [];
    const { goToTracking } = renderFlow({ api: okCalls(created) });
    await chooseDropOff();
    await feeShows('SAR 12.50');

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Only the first failing rule shows, on its field.
    expect(await screen.findByText('Please enter the customer name')).toBeTruthy();
    expect(screen.queryByText('Please enter the customer phone number')).toBeNull();

    fillCustomer('1250');
    expect((screen.getByLabelText('Order amount (SAR)') as HTMLInputElement).value).toBe('1,250');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Request a rider' }));
    await waitFor(() => expect(goToTracking).toHaveBeenCalledWith({ vendorId: 'sa-1000', orderId: 'sa-1000-0001' }));
    expect(created[0]).toMatchObject({
      vendor_id: 'sa-1000',
      customer: { name: 'Sara Ali', phone_number: '0501234567', location: { latitude: 24.69, longitude: 46.68, address: 'Olaya Street, Al Olaya, Riyadh' } },
      order: { payment_method: 'CASH_ON_DELIVERY', amount: 1250, cold_bag_needed: false },
      delivery_fee: 12.5,
      signature: 'signed-fee',
      preordered_for: null,
    });
    expect(await screen.findByText('Order pushed!')).toBeTruthy();
  });

  it('keeps the typed address and says so when the destination is undeliverable', async () => {
    renderFlow({ api: { ...okCalls(), validateDeliveryArea: async () => 'UNDELIVERABLE' } });
    await chooseDropOff();
    expect(await screen.findByText('We cannot deliver to this address.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Customer address' }) as HTMLInputElement).value).toBe('Olaya Street, Al Olaya, Riyadh');
    expect(screen.getByText('We cannot deliver that order there.')).toBeTruthy();
  });

  it('shows the service hours when the vendor is closed', async () => {
    // NOW is 12:13 in Asia/Dubai; the vendor opens 13:00 to 14:00.
    renderFlow({ api: { ...okCalls(), ...parametersApi({ serviceHours: '1300:1400' }) } });
    expect((await screen.findAllByText(/Service hours: 13:00 to 14:00\. It's/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: 'Customer address' })).toBeNull();
  });

  it('asks for 100 PKR at least in Pakistan and keeps what was typed', async () => {
    renderFlow({ api: okCalls(), vendor: aVendor({ flags: { payment_methods: ['CASH_ON_DELIVERY'] } }, 'PK') });
    await chooseDropOff();
    await feeShows(/^PKR \d+/);
    fireEvent.change(screen.getByLabelText('Customer name'), { target: { value: 'Ali Raza' } });
    fireEvent.change(screen.getByLabelText('Customer phone'), { target: { value: '03001234567' } });
    fireEvent.change(screen.getByLabelText('Order amount (PKR)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Minimum amount of 100 PKR')).toBeTruthy();
    expect((screen.getByLabelText('Customer name') as HTMLInputElement).value).toBe('Ali Raza');
  });

  it('lowers the fee with a voucher and sends the discounted fee with the order', async () => {
    const created: OrderRequestPayload[] = [];
    renderFlow({
      api: {
        ...okCalls(created),
        validateVoucher: async (body) => ({
          voucher: { code: body.code, amount: 10, type: 'PERCENT' },
          delivery_fee: 11.25,
          signature: 'discounted-signature',
          expires_at: 0,
        }),
      },
    });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.change(await screen.findByLabelText('Voucher code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME10 applied: 10 % off the delivery fee')).toBeTruthy();
    expect(screen.getByTestId('fee-due').textContent?.replace(/\u00a0/g, ' ')).toBe('SAR 11.25');
    fireEvent.click(screen.getByRole('button', { name: 'Request a rider' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      delivery_fee: 12.5,
      voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' },
      discounted_delivery_fee: 11.25,
      discounted_delivery_fee_signature: 'discounted-signature',
    });
  });

  it('asks to confirm an order value above the limit', async () => {
    renderFlow({ api: { ...okCalls(), ...parametersApi({ orderItemValueExceedLimit: '1000' }) } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('5000');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'This order is worth a lot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    expect(await screen.findByRole('button', { name: 'Request a rider' })).toBeTruthy();
  });

  it('moves the drop-off where the marker is dropped and prices it again', async () => {
    const fees: number[] = [];
    const { mapPort } = renderFlow({
      api: {
        ...okCalls(),
        computeFee: async (body) => {
          fees.push(body.destination.latitude);
          return { fee: 10 + fees.length, signature: `s${fees.length}`, expires_at: NOW + 300 };
        },
      },
    });
    await chooseDropOff();
    await feeShows('SAR 11.00');
    act(() => mapPort.simulateDragEnd('picked', { lat: 24.7, lng: 46.7 }));
    expect(await screen.findByDisplayValue('Dropped pin 24.7')).toBeTruthy();
    await feeShows('SAR 12.00');
    expect(fees).toEqual([24.69, 24.7]);
  });

  it('shows pickup and drop-off on the drop-off map, with the line between them, both in view', async () => {
    const vendor = aVendor();
    const { mapPort } = renderFlow({ api: okCalls(), vendor });
    await chooseDropOff();
    await feeShows('SAR');
    const map = mapPort.maps.find((candidate) => !candidate.destroyed && candidate.markers.has('picked'));
    expect(map).toBeDefined();
    const pickup = map!.markers.get('companion');
    const dropoff = map!.markers.get('picked');
    expect(pickup?.kind).toBe('pickup');
    expect(dropoff?.kind).toBe('dropoff');
    const { latitude, longitude } = vendor.vendor_information.location;
    expect(pickup?.lngLat).toEqual({ lng: longitude, lat: latitude });
    expect(map!.polygons.get('trip-line')).toEqual({ type: 'LineString', coordinates: [[longitude, latitude], [dropoff!.lngLat.lng, dropoff!.lngLat.lat]] });
    // Framed for both ends, not the street zoom of the drop-off alone.
    expect(map!.zoom).toBeLessThan(18);
  });

  it('retries an expired fee signature and asks before placing the order at a new fee', async () => {
    const created: OrderRequestPayload[] = [];
    let quotes = 0;
    renderFlow({
      api: {
        ...okCalls(created),
        computeFee: async () => {
          quotes += 1;
          return { fee: quotes === 1 ? 12.5 : 14, signature: `sig-${quotes}`, expires_at: NOW + 300 };
        },
        createOrder: async (payload) => {
          created.push(payload);
          if (created.length === 1) throw new Error('SignatureExpired');
          return { order_id: 'sa-1000-0002' };
        },
      },
    });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request a rider' }));
    // After the 1 s wait the fee is computed again and came back higher.
    const dialog = await screen.findByRole('dialog', { name: 'The delivery fee has changed.' }, { timeout: 3000 });
    expect(within(dialog).getByText(/The new delivery fee is SAR.14\.00\. Place the order at this fee\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept new fee' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]).toMatchObject({ delivery_fee: 14, signature: 'sig-2' });
  });

  it('saves the customer to the address book', async () => {
    const saved: unknown[] = [];
    renderFlow({ api: { ...okCalls(), saveAddressBookEntry: async (vendorId, entry) => { saved.push({ vendorId, ...entry }); return { id: 'a1', ...entry, notes: entry.notes ?? '' }; } } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer();
    fireEvent.change(screen.getByLabelText('Building'), { target: { value: 'Tower 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to address book' }));
    expect(await screen.findByText('Address saved')).toBeTruthy();
    expect(saved[0]).toMatchObject({ vendorId: 'sa-1000', name: 'Sara Ali', address: 'Tower 2, Olaya Street, Al Olaya, Riyadh' });
  });

  it('pays online with a card: a decline shows its message, another card places the order', async () => {
    const confirmed: unknown[] = [];
    const { goToTracking } = renderFlow({
      api: {
        ...okCalls(),
        authorizePaymentWallet: async () => ({ wallet_id: 'w1', access_token: 'wallet-token', expires_in: 3600 }),
        createPaymentIntent: async () => ({ intent_id: 'pi_1', payment_methods: ['generic_creditcard'] }),
        confirmPaymentIntent: async (body) => {
          confirmed.push(body);
          if (confirmed.length === 1) throw new Error('error.payment.card-declined');
          return { order_id: 'sa-1000-0003' };
        },
      },
    });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Online payment/ }));
    fireEvent.change(await screen.findByLabelText('Name on card'), { target: { value: 'Sara Ali' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('CVV/CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay and place order' }));
    expect((await screen.findAllByText('Your card was declined. Please try another card.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Sara Ali');

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4111 1111 1111 1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay and place order' }));
    await waitFor(() => expect(goToTracking).toHaveBeenCalledWith({ vendorId: 'sa-1000', orderId: 'sa-1000-0003' }));
    expect(confirmed[1]).toMatchObject({
      purchase_intent_id: 'pi_1',
      payment_method: 'generic_creditcard',
      payment_instrument_id: 'NEW',
      card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvc: '123', holder_name: 'Sara Ali' },
    });
  });
});

describe('dual pricing (SPEC §6 flag)', () => {
  /** A Sofia vendor: Bulgaria prices in euro and also shows leva. */
  const sofia = (): Vendor => {
    const base = aVendor({}, 'BG');
    return { ...base, vendor_id: 'bg-1000', vendor_information: { ...base.vendor_information, currency: 'EUR' } };
  };

  it('shows the fee due in leva too where the flag is on', async () => {
    renderFlow({ api: okCalls(), vendor: sofia(), flags: { DualPricing: true } });
    await chooseDropOff();
    await feeShows('€12.50');
    // 12.50 EUR at the fixed 1.95583 BGN per euro.
    expect(screen.getByTestId('fee-due-second-currency').textContent?.replace(/\u00a0/g, ' ')).toBe('Also shown as BGN 24.45');
  });

  it('shows no second price with the flag off, nor in a country without a second currency', async () => {
    renderFlow({ api: okCalls(), vendor: sofia(), flags: { DualPricing: false } });
    await chooseDropOff();
    await feeShows('€12.50');
    expect(screen.queryByTestId('fee-due-second-currency')).toBeNull();
    cleanup();

    renderFlow({ api: okCalls(), flags: { DualPricing: true } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    expect(screen.queryByTestId('fee-due-second-currency')).toBeNull();
  });
});

describe('PayAtPickup and TagIdCheck (SPEC §6 flags, issue #5)', () => {
  it('offers "Pay at pick-up" only under its flag and sends PAY_AT_PICKUP', async () => {
    renderFlow({ api: okCalls(), flags: { PayAtPickup: false } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('radio', { name: /Cash on delivery/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Pay at pick-up/ })).toBeNull();
    cleanup();

    const created: OrderRequestPayload[] = [];
    renderFlow({ api: okCalls(created), flags: { PayAtPickup: true } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Pay at pick-up/ }));
    expect(screen.getByText('Have the delivery fee ready in cash for the rider at pick-up.')).toBeTruthy();
    // No card form and nothing collected from the customer.
    expect(screen.queryByLabelText('Name on card')).toBeNull();
    expect(screen.queryByText('Collect from customer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request a rider' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.order).toMatchObject({ payment_method: 'PAY_AT_PICKUP', amount: 80 });
  });

  it('asks for the tag id only under its flag, checks it and sends it as order.tag_id', async () => {
    renderFlow({ api: okCalls(), flags: { TagIdCheck: false } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    expect(screen.getByLabelText('Customer name')).toBeTruthy();
    expect(screen.queryByLabelText('Tag ID (optional)')).toBeNull();
    cleanup();

    const created: OrderRequestPayload[] = [];
    renderFlow({ api: okCalls(created), flags: { TagIdCheck: true } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.change(screen.getByLabelText('Tag ID (optional)'), { target: { value: 'BAG 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Use up to 32 letters, digits or dashes')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Tag ID (optional)'), { target: { value: ' BAG-42 ' } });
    expect(screen.queryByText('Use up to 32 letters, digits or dashes')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request a rider' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.order.tag_id).toBe('BAG-42');
  });

  it('sends no tag_id when the tag is left empty', async () => {
    const created: OrderRequestPayload[] = [];
    renderFlow({ api: okCalls(created), flags: { TagIdCheck: true } });
    await chooseDropOff();
    await feeShows('SAR 12.50');
    fillCustomer('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request a rider' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.order).not.toHaveProperty('tag_id');
  });
});
