// Geolocation through the Geocoder port. Input that looks like 'lat,lng' goes to reverse
// geocoding, falling back to autocomplete when that finds nothing (SPEC.md §4 "Geolocator").
import type { FastifyInstance } from 'fastify';
import { AutocompleteQueryString, DataList, Place, PlaceDetailsQuery, ReverseGeocodeQuery, ReverseGeocodeResult } from '../../domain/api';
import { requireAuth } from '../auth/tenancy';
import { ApiError } from '../http/errors';
import { errorAnswers } from '../http/openapi';

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** `{lat, lng}` when the text is a valid coordinate pair. */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** A geocoder failure is ours (503), never the caller's; the key is the screen's message. */
const geocoderFailed = (key: string) => new ApiError(503, key, { code: 'geolocator' });

export async function geolocatorRoutes(app: FastifyInstance): Promise<void> {
  const { geocoder } = app;

  app.get<{ Querystring: AutocompleteQueryString }>('/geolocator/autocomplete', {
    schema: { querystring: AutocompleteQueryString, response: { 200: DataList(Place), ...errorAnswers(400, 401, 503) } },
  }, async (request) => {
    requireAuth(request);
    const { query, country, lat, lng, language: lang } = request.query;
    const point = parseCoordinates(query);
    try {
      if (point) {
        const reversed = await geocoder.reverse({ ...point, ...(lang ? { language: lang } : {}) }).catch(() => []);
        if (reversed.length > 0) {
          const places: Place[] = reversed.map((r) => ({
            address: { id: `${r.address.latitude},${r.address.longitude}`, formatted_address: r.address.formatted_address, latitude: r.address.latitude, longitude: r.address.longitude },
          }));
          return { data: places };
        }
      }
      const places = await geocoder.autocomplete({
        query, ...(country ? { country: country.toUpperCase() } : {}), ...(lat !== undefined ? { lat } : {}), ...(lng !== undefined ? { lng } : {}), ...(lang ? { language: lang } : {}),
      });
      return { data: places };
    } catch (error) {
      request.log.error({ err: error }, 'autocomplete failed');
      throw geocoderFailed('geolocator.error.autocomplete');
    }
  });

  app.get<{ Querystring: ReverseGeocodeQuery }>('/geolocator/reverse', {
    schema: { querystring: ReverseGeocodeQuery, response: { 200: DataList(ReverseGeocodeResult), ...errorAnswers(400, 401, 503) } },
  }, async (request) => {
    requireAuth(request);
    const { lat, lng, language: lang } = request.query;
    try {
      return { data: await geocoder.reverse({ lat, lng, ...(lang ? { language: lang } : {}) }) };
    } catch (error) {
      request.log.error({ err: error }, 'reverse geocoding failed');
      throw geocoderFailed('geolocator.error.reverse');
    }
  });

  app.get<{ Querystring: PlaceDetailsQuery }>('/geolocator/details', {
    schema: { querystring: PlaceDetailsQuery, response: { 200: DataList(Place), ...errorAnswers(400, 401, 503) } },
  }, async (request) => {
    requireAuth(request);
    const { query_id: queryId, language: lang } = request.query;
    try {
      return { data: await geocoder.details({ queryId, ...(lang ? { language: lang } : {}) }) };
    } catch (error) {
      request.log.error({ err: error }, 'place details failed');
      throw geocoderFailed('geolocator.error.fetch-place-details');
    }
  });
}
