// Geolocation through the Geocoder port. Input that looks like 'lat,lng' goes to reverse
// geocoding, falling back to autocomplete when that finds nothing (SPEC.md §4 "Geolocator").
import type { FastifyInstance } from 'fastify';
import type { Place } from '../../domain/types';
import { requireAuth } from '../auth/tenancy';
import { ApiError } from '../http/errors';
import { queryObject } from '../http/validation';

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** `{lat, lng}` when the text is a valid coordinate pair. */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;
const language = { type: 'string', maxLength: 16 } as const;

/** A geocoder failure is ours (503), never the caller's; the key is the screen's message. */
const geocoderFailed = (key: string) => new ApiError(503, key, { code: 'geolocator' });

export async function geolocatorRoutes(app: FastifyInstance): Promise<void> {
  const { geocoder } = app;

  app.get<{ Querystring: { query: string; country?: string; lat?: number; lng?: number; language?: string } }>('/geolocator/autocomplete', {
    schema: {
      querystring: queryObject({ query: { type: 'string', minLength: 1, maxLength: 200 }, country: { type: 'string', maxLength: 2 }, lat: latitude, lng: longitude, language }, ['query']),
    },
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

  app.get<{ Querystring: { lat: number; lng: number; language?: string } }>('/geolocator/reverse', {
    schema: { querystring: queryObject({ lat: latitude, lng: longitude, language }, ['lat', 'lng']) },
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

  app.get<{ Querystring: { query_id: string; language?: string } }>('/geolocator/details', {
    schema: { querystring: queryObject({ query_id: { type: 'string', minLength: 1, maxLength: 200 }, language }, ['query_id']) },
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
