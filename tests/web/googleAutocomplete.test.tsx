// @vitest-environment jsdom
// SPEC §6 GoogleAutocomplete in the address field (AddressPicker over the real address-search machine
// as provideAddressSearchMachine gives it): flag off -> our geolocator; flag on with the server's key ->
// Google's suggestions, credited, and a pick fills the address through Google's details; flag on
// without a key -> one console warning and our geolocator. Google is a fake fetch (the external
// service); our geolocator is a double.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { ApiClient, Geolocator } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { Place } from '../../domain/types';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { useToasts } from '../../src/app/toasts/ToastContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { AddressPicker, type PickedAddress } from '../../src/screens/request/AddressPicker';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { Providers } from './renderApp';

const OUR_PLACE: Place = { address: { id: 'gz-olaya', formatted_address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.69, longitude: 46.68 } };

const GOOGLE_SUGGESTIONS = {
  suggestions: [{ placePrediction: { placeId: 'ChIJkingdom', text: { text: 'Kingdom Centre, King Fahd Rd, Riyadh' } } }],
};
const GOOGLE_DETAILS = { id: 'ChIJkingdom', formattedAddress: 'Kingdom Centre, Al Olaya, Riyadh 12214', location: { latitude: 24.7113, longitude: 46.6744 } };

let googleRequests: Request[] = [];
let googleAnswers: { autocomplete: () => Response; details: () => Response };

beforeEach(() => {
  googleRequests = [];
  googleAnswers = { autocomplete: () => Response.json(GOOGLE_SUGGESTIONS), details: () => Response.json(GOOGLE_DETAILS) };
  // Only Google is reached by fetch here: our API and geolocator are doubles.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    googleRequests.push(request);
    return new URL(request.url).pathname === '/v1/places:autocomplete' ? googleAnswers.autocomplete() : googleAnswers.details();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ourGeolocator(): Geolocator & { suggest: ReturnType<typeof vi.fn> } {
  return {
    suggest: vi.fn(async () => ({ addressBook: [], places: [OUR_PLACE], reversed: [] })),
    placeDetails: async () => null,
    reverse: async () => null,
  };
}

function servicesWith(geolocator: Geolocator, googleMapsApiKey: string | null): RequestServices {
  const api: Partial<ApiClient> = { searchAddressBook: async () => [], reverseGeocode: async () => [] };
  return {
    api: api as ApiClient,
    storage: createMemoryStorage(),
    clock: { nowUnix: () => 1_795_000_000 },
    geolocator,
    navigator: { assign: vi.fn() },
    googleMapsApiKey: async () => googleMapsApiKey,
  };
}

function Field({ services, onPicked }: { services: RequestServices; onPicked: (address: PickedAddress) => void }) {
  const { show } = useToasts();
  return (
    <AddressPicker
      label="Customer address"
      services={services}
      effects={{ toast: show }}
      country="SA"
      vendorId="sa-1000"
      addressBookEnabled
      selected={null}
      fallbackCentre={{ latitude: 24.7, longitude: 46.7 }}
      markerKind="dropoff"
      onPicked={onPicked}
    />
  );
}

function renderField(options: { flag: boolean; key: string | null; services?: RequestServices }) {
  const geolocator = ourGeolocator();
  const services = options.services ?? servicesWith(geolocator, options.key);
  const onPicked = vi.fn<(address: PickedAddress) => void>();
  render(
    <Providers>
      <StaticFlags flags={{ GoogleAutocomplete: options.flag }}>
        <MapPortProvider port={createMemoryMapPort()}>
          <Field services={services} onPicked={onPicked} />
          <ToastViewport />
        </MapPortProvider>
      </StaticFlags>
    </Providers>,
  );
  return { geolocator, onPicked, services };
}

async function type(query: string) {
  const input = await screen.findByRole('combobox', { name: 'Customer address' });
  fireEvent.change(input, { target: { value: query } });
  fireEvent.focus(input);
  return input as HTMLInputElement;
}

/** The suggestion list once the 500 ms debounce has passed and an answer came. */
const listbox = () => screen.getByRole('listbox', { name: 'Customer address', hidden: true });

describe('GoogleAutocomplete flag off', () => {
  it('searches our geolocator and never calls Google, even with a key', async () => {
    const { geolocator, onPicked } = renderField({ flag: false, key: 'test-key' });
    await type('Olaya');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Olaya Street/ }, { timeout: 2000 }));
    expect(onPicked).toHaveBeenCalledWith({ text: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.69, longitude: 46.68 });
    expect(geolocator.suggest).toHaveBeenCalledTimes(1);
    expect(googleRequests).toEqual([]);
    expect(screen.queryByText('powered by Google')).toBeNull();
  });
});

describe('GoogleAutocomplete flag on with a key', () => {
  it('shows Google’s suggestion credited to Google, and a pick fills the address from the details', async () => {
    const { geolocator, onPicked } = renderField({ flag: true, key: 'test-key' });
    const input = await type('Kingdom');
    const option = await screen.findByRole('option', { name: 'Kingdom Centre, King Fahd Rd, Riyadh' }, { timeout: 2000 });
    expect(within(listbox()).getByText('powered by Google')).toBeTruthy();
    expect(geolocator.suggest).not.toHaveBeenCalled();

    fireEvent.mouseDown(option);
    await waitFor(() =>
      expect(onPicked).toHaveBeenCalledWith({ text: 'Kingdom Centre, Al Olaya, Riyadh 12214', latitude: 24.7113, longitude: 46.6744 }),
    );
    expect(input.value).toBe('Kingdom Centre, Al Olaya, Riyadh 12214');
    const [autocomplete, details] = googleRequests;
    expect(autocomplete?.headers.get('x-goog-api-key')).toBe('test-key');
    const sessionToken = ((await autocomplete?.clone().json()) as { sessionToken: string }).sessionToken;
    expect(new URL(details?.url ?? '').searchParams.get('sessionToken')).toBe(sessionToken);
  });

  it('keeps the typed text and says so, translated, when Google fails', async () => {
    googleAnswers.autocomplete = () => Response.json({ error: { code: 403, status: 'PERMISSION_DENIED' } }, { status: 403 });
    const { onPicked } = renderField({ flag: true, key: 'test-key' });
    const input = await type('Kingdom');
    expect(await screen.findByText('We could not search for that address.', {}, { timeout: 2000 })).toBeTruthy();
    expect(input.value).toBe('Kingdom');
    expect(onPicked).not.toHaveBeenCalled();
  });

  it('keeps the typed text when the details of the pick fail', async () => {
    googleAnswers.details = () => Response.json({ error: { code: 500, status: 'INTERNAL' } }, { status: 500 });
    const { onPicked } = renderField({ flag: true, key: 'test-key' });
    const input = await type('Kingdom');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Kingdom Centre/ }, { timeout: 2000 }));
    expect(await screen.findByText('We could not get the details of that place.')).toBeTruthy();
    expect(input.value).toBe('Kingdom');
    expect(onPicked).not.toHaveBeenCalled();
  });
});

describe('GoogleAutocomplete flag on without a key', () => {
  it('warns once and keeps our geolocator', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { geolocator } = renderField({ flag: true, key: null });
    await type('Olaya');
    await screen.findByRole('option', { name: /Olaya Street/ }, { timeout: 2000 });
    await type('Olaya Street');
    await waitFor(() => expect(geolocator.suggest).toHaveBeenCalledTimes(2), { timeout: 2000 });
    expect(googleRequests).toEqual([]);
    expect(screen.queryByText('powered by Google')).toBeNull();
    const googleWarnings = warn.mock.calls.filter(([message]) => String(message).includes('GOOGLE_MAPS_API_KEY'));
    expect(googleWarnings).toHaveLength(1);
  });
});

describe('a field without the server key loader', () => {
  it('treats a missing loader as no key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const geolocator = ourGeolocator();
    const services = { ...servicesWith(geolocator, null), googleMapsApiKey: undefined };
    renderField({ flag: true, key: null, services });
    await type('Olaya');
    await screen.findByRole('option', { name: /Olaya Street/ }, { timeout: 2000 });
    await act(async () => undefined);
    expect(googleRequests).toEqual([]);
  });
});
