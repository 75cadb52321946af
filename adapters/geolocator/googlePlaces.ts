// The Geolocator port with Google's Places API (New) for place suggestions and details, used when the
// GoogleAutocomplete flag is on and the server has a GOOGLE_MAPS_API_KEY (GET /client-config). The
// address book and 'lat,lng' reverse geocoding stay on our server (geolocator.ts).
//
// Billing: Google groups the autocomplete requests of one search and the details call that ends it
// into one session named by a token we make. So one instance keeps one token from the first
// autocomplete until a details call, which uses it and ends it; the next autocomplete starts a new one.
// A search left without a pick is not ended by anything we send: Google lets its session lapse after
// a few minutes, so a token older than SESSION_LIFETIME_MS is dropped rather than reused.
// Make one instance per address field, so two fields never share a session.
import { ofetch, type $Fetch } from 'ofetch';
import type { Place } from '../../domain/types';
import type { Geolocator, GeolocatorSearch } from '../ports';
import { createGeolocator, type GeolocatorApi, type GeolocatorOptions, type PlaceSuggester } from './geolocator';

export const PLACES_API_ORIGIN = 'https://places.googleapis.com';
/** The fields a details call asks for (and is billed for). */
export const PLACE_DETAILS_FIELD_MASK = 'id,formattedAddress,location,addressComponents';
/** Suggestions lean towards this distance around the collection point: a city-wide delivery. */
export const LOCATION_BIAS_RADIUS_M = 30_000;
const PLACES_TIMEOUT_MS = 8_000;
/** How long we keep a session token from its first autocomplete: inside Google's few minutes. */
export const SESSION_LIFETIME_MS = 3 * 60_000;

/** Google wants BCP-47 codes; our geolocator's 'zh_HK' and 'tw' (domain geolocatorLanguage) are not. */
const GOOGLE_LANGUAGE: Readonly<Record<string, string>> = { BH: 'en', HK: 'zh-HK', KH: 'km', JP: 'ja', TH: 'th', TW: 'zh-TW' };
export const googleLanguageOf = (country: string): string => GOOGLE_LANGUAGE[country.toUpperCase()] ?? 'en';

// ------------------------------------------------------------------ wire shapes (Places API v1)

interface FormattableText {
  text?: string;
}

/** POST /v1/places:autocomplete answer; a suggestion is a place or a query prediction. */
interface AutocompleteResponse {
  suggestions?: {
    placePrediction?: { placeId?: string; text?: FormattableText };
    queryPrediction?: { text?: FormattableText };
  }[];
}

/** GET /v1/places/{id} answer, limited by the field mask. */
interface PlaceResponse {
  id?: string;
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
}

// ------------------------------------------------------------------ adapter

export interface GooglePlacesOptions extends Omit<GeolocatorOptions, 'places'> {
  apiKey: string;
  /** Tests pass a fake; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** A fresh session token (a version 4 UUID, as Google recommends). */
  newSessionToken?: () => string;
  /** The clock that ages session tokens, in ms (Date.now unless a test passes its own). */
  now?: () => number;
}

/** A suggested place whose coordinates Google gives only in the details call. */
function suggestedPlace(id: string, text: string): Place {
  return { address: { id, formatted_address: text, latitude: Number.NaN, longitude: Number.NaN } };
}

function placeOfDetails(body: PlaceResponse, placeId: string): Place | null {
  const latitude = body.location?.latitude;
  const longitude = body.location?.longitude;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !body.formattedAddress) return null;
  return { address: { id: body.id ?? placeId, formatted_address: body.formattedAddress, latitude, longitude } };
}

export function googlePlaceSuggester(options: Omit<GooglePlacesOptions, 'onAddressBookError'>): PlaceSuggester {
  const http: $Fetch = options.fetch ? ofetch.create({}, { fetch: options.fetch }) : ofetch;
  const newSessionToken = options.newSessionToken ?? (() => crypto.randomUUID());
  const headers = { 'X-Goog-Api-Key': options.apiKey };
  const now = options.now ?? Date.now;
  let session: { token: string; startedAt: number } | null = null;
  /** The session's token while it lives; a lapsed session is forgotten. */
  const liveToken = (): string | null => {
    if (session && now() - session.startedAt >= SESSION_LIFETIME_MS) session = null;
    return session?.token ?? null;
  };

  const autocompleteBody = (search: GeolocatorSearch, token: string) => ({
    input: search.query.trim(),
    languageCode: googleLanguageOf(search.country),
    includedRegionCodes: [search.country],
    ...(search.near
      ? { locationBias: { circle: { center: { latitude: search.near.latitude, longitude: search.near.longitude }, radius: LOCATION_BIAS_RADIUS_M } } }
      : {}),
    sessionToken: token,
  });

  return {
    placesBy: 'google',
    async suggest(search) {
      const token = liveToken() ?? (session = { token: newSessionToken(), startedAt: now() }).token;
      const body = await http<AutocompleteResponse>(`${PLACES_API_ORIGIN}/v1/places:autocomplete`, {
        method: 'POST',
        headers,
        body: autocompleteBody(search, token),
        timeout: PLACES_TIMEOUT_MS,
        retry: 0,
        responseType: 'json',
      });
      // Query predictions are searches, not places: only place predictions can be picked.
      return (body?.suggestions ?? []).flatMap(({ placePrediction }) =>
        placePrediction?.placeId && placePrediction.text?.text ? [suggestedPlace(placePrediction.placeId, placePrediction.text.text)] : [],
      );
    },
    async details(placeId, country) {
      // The pick ends the session whatever Google answers: a token is never reused after a details call.
      const token = liveToken();
      session = null;
      const body = await http<PlaceResponse>(`${PLACES_API_ORIGIN}/v1/places/${encodeURIComponent(placeId)}`, {
        headers: { ...headers, 'X-Goog-FieldMask': PLACE_DETAILS_FIELD_MASK },
        query: { languageCode: googleLanguageOf(country), ...(token ? { sessionToken: token } : {}) },
        timeout: PLACES_TIMEOUT_MS,
        retry: 0,
        responseType: 'json',
      });
      return placeOfDetails(body, placeId);
    },
  };
}

/** Our geolocator (address book, reverse geocoding) with Google's place suggestions and details. */
export function createGooglePlacesGeolocator(api: GeolocatorApi, options: GooglePlacesOptions): Geolocator {
  return createGeolocator(api, { onAddressBookError: options.onAddressBookError, places: googlePlaceSuggester(options) });
}
