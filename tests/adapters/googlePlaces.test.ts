// The Google Places (New) geolocator over a fake fetch: the requests Google is sent (headers, body,
// the billing session token kept across a search and renewed after a pick or once it has lapsed), how its answers become
// places, and its failures. The address book and 'lat,lng' input stay on our API double.
import { describe, expect, it, vi } from 'vitest';
import { createGooglePlacesGeolocator, LOCATION_BIAS_RADIUS_M, PLACE_DETAILS_FIELD_MASK, SESSION_LIFETIME_MS } from '../../adapters/geolocator/googlePlaces';
import type { GeolocatorApi } from '../../adapters/geolocator/geolocator';
import type { AddressBookEntry, ReverseGeocodeResult } from '../../domain/types';

const saved: AddressBookEntry = { id: 'a1', name: 'Sara', phone_number: '+966500000000', latitude: 24.7, longitude: 46.6, address: '1, B, Olaya', notes: '' };
const reversed: ReverseGeocodeResult = {
  address: { formatted_address: 'King Fahd Rd', latitude: 24.7, longitude: 46.6, city: 'Riyadh', country_code: 'SA', zipcode: '', street: 'King Fahd Rd', number: '1' },
};

const AUTOCOMPLETE_ANSWER = {
  suggestions: [
    {
      placePrediction: {
        place: 'places/ChIJkingdom',
        placeId: 'ChIJkingdom',
        text: { text: 'Kingdom Centre, King Fahd Rd, Riyadh, Saudi Arabia', matches: [{ endOffset: 7 }] },
        structuredFormat: { mainText: { text: 'Kingdom Centre' }, secondaryText: { text: 'King Fahd Rd, Riyadh, Saudi Arabia' } },
        types: ['establishment'],
      },
    },
    { queryPrediction: { text: { text: 'kingdom restaurants' } } },
  ],
};

const DETAILS_ANSWER = {
  id: 'ChIJkingdom',
  formattedAddress: 'King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia',
  location: { latitude: 24.7113, longitude: 46.6744 },
  addressComponents: [{ longText: 'Riyadh', shortText: 'Riyadh', types: ['locality', 'political'], languageCode: 'en' }],
};

interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fetch that records each request and answers like Google: autocomplete, then details. */
function fakeGoogle(answer: (request: SentRequest) => Response = defaultAnswer) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const recorded = { method: request.method, url: new URL(request.url), headers: request.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
    sent.push(recorded);
    return answer(recorded);
  });
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

function defaultAnswer(request: SentRequest): Response {
  const body = request.url.pathname === '/v1/places:autocomplete' ? AUTOCOMPLETE_ANSWER : DETAILS_ANSWER;
  return Response.json(body);
}

function ourApi(overrides: Partial<GeolocatorApi> = {}) {
  return {
    autocomplete: vi.fn<GeolocatorApi['autocomplete']>(async () => []),
    reverseGeocode: vi.fn<GeolocatorApi['reverseGeocode']>(overrides.reverseGeocode ?? (async () => [reversed])),
    placeDetails: vi.fn<GeolocatorApi['placeDetails']>(async () => []),
    searchAddressBook: vi.fn<GeolocatorApi['searchAddressBook']>(overrides.searchAddressBook ?? (async () => [saved])),
  };
}

function tokens() {
  let next = 0;
  return () => `session-${++next}`;
}

const search = { query: ' Kingdom ', country: 'SA', vendorId: 'SA-1', addressBookEnabled: true };

describe('Google Places geolocator: requests', () => {
  it('asks autocomplete with the key, the input, the language, the country and the session token', async () => {
    const google = fakeGoogle();
    const api = ourApi();
    await createGooglePlacesGeolocator(api, { apiKey: 'test-key', fetch: google.fetch, newSessionToken: tokens() }).suggest(search);
    const [request] = google.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(request?.headers.get('x-goog-api-key')).toBe('test-key');
    expect(request?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(request?.body).toEqual({ input: 'Kingdom', languageCode: 'en', includedRegionCodes: ['SA'], sessionToken: 'session-1' });
    // Only places switch: our own autocomplete is not asked.
    expect(api.autocomplete).not.toHaveBeenCalled();
  });

  it('biases suggestions to a circle around the collection point when there is one', async () => {
    const google = fakeGoogle();
    const geolocator = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken: tokens() });
    await geolocator.suggest({ ...search, near: { latitude: 24.69, longitude: 46.68 } });
    expect(google.sent[0]?.body).toMatchObject({
      locationBias: { circle: { center: { latitude: 24.69, longitude: 46.68 }, radius: LOCATION_BIAS_RADIUS_M } },
    });
  });

  it.each([
    ['HK', 'zh-HK'],
    ['TW', 'zh-TW'],
    ['JP', 'ja'],
    ['KH', 'km'],
    ['AE', 'en'],
  ])('speaks Google’s language code for %s (%s)', async (country, languageCode) => {
    const google = fakeGoogle();
    await createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).suggest({ ...search, country });
    expect(google.sent[0]?.body).toMatchObject({ languageCode, includedRegionCodes: [country] });
  });

  it('keeps one session token across a search, ends it with the details call, and starts a new one after', async () => {
    const google = fakeGoogle();
    const geolocator = createGooglePlacesGeolocator(ourApi(), { apiKey: 'test-key', fetch: google.fetch, newSessionToken: tokens() });
    await geolocator.suggest({ ...search, query: 'King' });
    await geolocator.suggest({ ...search, query: 'Kingdom' });
    await geolocator.placeDetails('ChIJkingdom', 'SA');
    await geolocator.suggest({ ...search, query: 'Olaya' });

    const [first, second, details, next] = google.sent;
    expect([first, second].map((request) => (request?.body as { sessionToken: string }).sessionToken)).toEqual(['session-1', 'session-1']);
    expect(details?.method).toBe('GET');
    expect(details?.url.origin + details?.url.pathname).toBe('https://places.googleapis.com/v1/places/ChIJkingdom');
    expect(details?.url.searchParams.get('sessionToken')).toBe('session-1');
    expect(details?.url.searchParams.get('languageCode')).toBe('en');
    expect(details?.headers.get('x-goog-api-key')).toBe('test-key');
    expect(details?.headers.get('x-goog-fieldmask')).toBe(PLACE_DETAILS_FIELD_MASK);
    expect((next?.body as { sessionToken: string }).sessionToken).toBe('session-2');
  });

  it('ends the session even when the details call fails', async () => {
    let failDetails = true;
    const google = fakeGoogle((request) =>
      request.method === 'GET' && failDetails ? Response.json({ error: { code: 500, status: 'INTERNAL' } }, { status: 500 }) : defaultAnswer(request),
    );
    const geolocator = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken: tokens() });
    await geolocator.suggest(search);
    await expect(geolocator.placeDetails('ChIJkingdom', 'SA')).rejects.toThrow();
    failDetails = false;
    await geolocator.suggest(search);
    expect((google.sent[2]?.body as { sessionToken: string }).sessionToken).toBe('session-2');
  });

  it('starts a new session when a search was left without a pick for longer than a session lives', async () => {
    const google = fakeGoogle();
    let now = 1_000_000;
    const geolocator = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken: tokens(), now: () => now });
    await geolocator.suggest({ ...search, query: 'King' });
    now += SESSION_LIFETIME_MS - 1;
    await geolocator.suggest({ ...search, query: 'Kingdom' });
    now += 1;
    await geolocator.suggest({ ...search, query: 'Olaya' });
    await geolocator.placeDetails('ChIJkingdom', 'SA');

    expect(google.sent.slice(0, 3).map((request) => (request.body as { sessionToken: string }).sessionToken)).toEqual(['session-1', 'session-1', 'session-2']);
    expect(google.sent[3]?.url.searchParams.get('sessionToken')).toBe('session-2');
  });

  it('sends a details call of a session that has lived out without its token (Google would bill it as a new one anyway)', async () => {
    const google = fakeGoogle();
    let now = 0;
    const geolocator = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken: tokens(), now: () => now });
    await geolocator.suggest(search);
    now += SESSION_LIFETIME_MS;
    await geolocator.placeDetails('ChIJkingdom', 'SA');
    expect(google.sent[1]?.url.searchParams.has('sessionToken')).toBe(false);
  });

  it('makes each instance its own session (one per address field)', async () => {
    const google = fakeGoogle();
    const newSessionToken = tokens();
    const dropOff = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken });
    const pickUp = createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch, newSessionToken });
    await dropOff.suggest(search);
    await pickUp.suggest(search);
    expect(google.sent.map((request) => (request.body as { sessionToken: string }).sessionToken)).toEqual(['session-1', 'session-2']);
  });

  it('uses a random UUID as the token by default', async () => {
    const google = fakeGoogle();
    await createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).suggest(search);
    expect((google.sent[0]?.body as { sessionToken: string }).sessionToken).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('Google Places geolocator: answers', () => {
  it('lists the address book first, then Google’s place predictions, credited to Google', async () => {
    const google = fakeGoogle();
    const result = await createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).suggest(search);
    expect(result.addressBook).toEqual([saved]);
    expect(result.placesBy).toBe('google');
    // The query prediction is a search, not a place: it is left out.
    expect(result.places.map((place) => [place.address.id, place.address.formatted_address])).toEqual([
      ['ChIJkingdom', 'Kingdom Centre, King Fahd Rd, Riyadh, Saudi Arabia'],
    ]);
    // Coordinates come only with the details.
    expect(Number.isNaN(result.places[0]?.address.latitude)).toBe(true);
  });

  it('answers no places when Google has no suggestion', async () => {
    const google = fakeGoogle(() => Response.json({}));
    const result = await createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).suggest(search);
    expect(result.places).toEqual([]);
  });

  it('maps the details to a place with its coordinates and formatted address', async () => {
    const google = fakeGoogle();
    const place = await createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).placeDetails('ChIJkingdom', 'SA');
    expect(place).toEqual({
      address: { id: 'ChIJkingdom', formatted_address: 'King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia', latitude: 24.7113, longitude: 46.6744 },
    });
  });

  it('answers null for details without a location', async () => {
    const google = fakeGoogle(() => Response.json({ id: 'ChIJkingdom', formattedAddress: 'Somewhere' }));
    await expect(createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch: google.fetch }).placeDetails('ChIJkingdom', 'SA')).resolves.toBeNull();
  });

  it("sends 'lat,lng' input to our reverse geocoding, not to Google", async () => {
    const google = fakeGoogle();
    const api = ourApi();
    const result = await createGooglePlacesGeolocator(api, { apiKey: 'k', fetch: google.fetch }).suggest({ ...search, query: '24.7,46.6' });
    expect(result.reversed).toEqual([reversed]);
    expect(result.placesBy).toBeUndefined();
    expect(google.sent).toEqual([]);
    expect(api.reverseGeocode).toHaveBeenCalledWith(24.7, 46.6, 'en');
  });
});

describe('Google Places geolocator: failures', () => {
  it('rejects a search Google refuses (the caller shows geolocator.error.autocomplete)', async () => {
    const google = fakeGoogle(() =>
      Response.json({ error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } }, { status: 403 }),
    );
    await expect(createGooglePlacesGeolocator(ourApi(), { apiKey: 'bad', fetch: google.fetch }).suggest(search)).rejects.toThrow(/403/);
  });

  it('rejects when Google cannot be reached', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof globalThis.fetch;
    await expect(createGooglePlacesGeolocator(ourApi(), { apiKey: 'k', fetch }).suggest(search)).rejects.toThrow();
  });

  it('still only tracks an address-book failure', async () => {
    const tracked: unknown[] = [];
    const google = fakeGoogle();
    const api = ourApi({ searchAddressBook: async () => Promise.reject(new Error('down')) });
    const result = await createGooglePlacesGeolocator(api, { apiKey: 'k', fetch: google.fetch, onAddressBookError: (error) => tracked.push(error) }).suggest(search);
    expect(result.addressBook).toEqual([]);
    expect(result.places).toHaveLength(1);
    expect(tracked).toHaveLength(1);
  });
});
