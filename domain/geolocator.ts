// Geolocator rules (SPEC.md §4 "Geolocator", §7): coordinate input and the language by country.
import type { GeoPoint } from './types';

const LAT_LNG = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

/** "24.7,46.6" -> {latitude, longitude}, or null when the input is not a valid coordinate pair. */
export function parseLatLngInput(input: string): GeoPoint | null {
  const match = LAT_LNG.exec(input);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

const GEOLOCATOR_LANGUAGE: Readonly<Record<string, string>> = {
  BH: 'en',
  HK: 'zh_HK',
  KH: 'km',
  JP: 'ja',
  TH: 'th',
  TW: 'tw',
};

/** The language sent to the geolocator: a few countries have their own, the rest English. */
export function geolocatorLanguage(countryCode: string): string {
  return GEOLOCATOR_LANGUAGE[countryCode.toUpperCase()] ?? 'en';
}
