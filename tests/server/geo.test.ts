// The embedded gazetteer geocoder (server/geo): autocomplete, reverse, details, coverage of the
// supported countries. Unit level: the Geocoder is called directly, no HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryConfig } from '../../domain/countries';
import { parseLatLngInput } from '../../domain/geolocator';
import { createGazetteerGeocoder } from '../../server/geo/chooseGeocoder';
import type { Geocoder } from '../../server/geo/geocoder';
import { buildGazetteerIndex, type GazetteerIndex } from '../../server/geo/gazetteerIndex';
import { AUTOCOMPLETE_LIMIT } from '../../server/geo/gazetteer';

const RIYADH = { lat: 24.7136, lng: 46.6753 };
const JEDDAH = { lat: 21.5433, lng: 39.1728 };

let geocoder: Geocoder;
let index: GazetteerIndex;

beforeAll(async () => {
  geocoder = createGazetteerGeocoder();
  index = await buildGazetteerIndex(COUNTRY_CODES);
  await geocoder.details({ queryId: 'warm-up' }); // the first call loads the data
});

const firstId = async (query: string, extra: Partial<Parameters<Geocoder['autocomplete']>[0]> = {}) =>
  (await geocoder.autocomplete({ query, country: 'SA', ...extra }))[0]?.address.id;

describe('autocomplete', () => {
  it.each([
    ['olay', 'district:sa-riyadh-al-olaya'],
    ['Al Ol', 'district:sa-riyadh-al-olaya'],
    ['AL-OLAYA', 'district:sa-riyadh-al-olaya'],
    ['hitt', 'district:sa-riyadh-hittin'],
    ['narj', 'district:sa-riyadh-an-narjis'],
    ['sulim', 'district:sa-riyadh-al-sulimaniyah'],
    ['olaya riy', 'district:sa-riyadh-al-olaya'],
  ])('finds the Riyadh district for the English prefix %s', async (query, id) => {
    expect(await firstId(query, RIYADH)).toBe(id);
  });

  it.each([
    ['العل', 'district:sa-riyadh-al-olaya'],
    ['عليا', 'district:sa-riyadh-al-olaya'],
    ['حط', 'district:sa-riyadh-hittin'],
    ['اشبيل', 'district:sa-riyadh-ishbiliyah'],
    ['الياسم', 'district:sa-riyadh-al-yasmin'],
  ])('finds the Riyadh district for the Arabic prefix %s (article and hamza folded)', async (query, id) => {
    expect(await firstId(query, { ...RIYADH, language: 'ar' })).toBe(id);
  });

  it('writes a real-looking address, in Arabic for ar*', async () => {
    const [en] = await geocoder.autocomplete({ query: 'olaya', country: 'SA', language: 'en' });
    expect(en?.address).toMatchObject({ formatted_address: 'Al Olaya, Riyadh, Saudi Arabia' });
    const [ar] = await geocoder.autocomplete({ query: 'olaya', country: 'SA', language: 'ar-SA' });
    expect(ar?.address.formatted_address).toBe('العليا، الرياض، المملكة العربية السعودية');
    expect(ar?.address.latitude).toBeCloseTo(24.6985, 3);
  });

  it('ignores case and diacritics (GeoNames "Al Hufūf")', async () => {
    const [place] = await geocoder.autocomplete({ query: 'AL HUFUF', country: 'SA' });
    expect(place?.address.formatted_address).toBe('Al Hufūf, Saudi Arabia');
  });

  it('ranks the same district name by distance to lat/lng', async () => {
    expect(await firstId('al hamra', JEDDAH)).toBe('district:sa-jeddah-al-hamra');
    expect(await firstId('al hamra', RIYADH)).toBe('district:sa-riyadh-al-hamra');
  });

  it('ranks by population without a bias point', async () => {
    const [place] = await geocoder.autocomplete({ query: 'riy' });
    expect(place?.address.id).toBe('city:108410');
  });

  it('returns at most 10 places, all in the requested country', async () => {
    const places = await geocoder.autocomplete({ query: 'al', country: 'kw' });
    expect(places).toHaveLength(AUTOCOMPLETE_LIMIT);
    for (const place of places) expect(place.address.formatted_address).toMatch(/, Kuwait$/);
  });

  it('finds nothing for an empty query, an unknown name or an unsupported country', async () => {
    expect(await geocoder.autocomplete({ query: '  ,, ' })).toEqual([]);
    expect(await geocoder.autocomplete({ query: 'zzqxw', country: 'SA' })).toEqual([]);
    expect(await geocoder.autocomplete({ query: 'new york', country: 'US' })).toEqual([]);
  });
});

describe('reverse', () => {
  it("reverses a 'lat,lng' near Al Olaya to Al Olaya, keeping the pin", async () => {
    const point = parseLatLngInput('24.6906, 46.6853'); // Al Faisaliah Tower
    expect(point).not.toBeNull();
    const results = await geocoder.reverse({ lat: point!.latitude, lng: point!.longitude });
    expect(results).toEqual([
      {
        address: {
          formatted_address: 'Al Olaya, Riyadh, Saudi Arabia',
          latitude: 24.6906,
          longitude: 46.6853,
          city: 'Riyadh',
          country_code: 'SA',
          zipcode: '',
          street: '',
          number: '',
        },
      },
    ]);
  });

  it('answers in Arabic for ar', async () => {
    const [result] = await geocoder.reverse({ lat: 21.52, lng: 39.163, language: 'ar' });
    expect(result?.address).toMatchObject({ formatted_address: 'الحمراء، جدة، المملكة العربية السعودية', city: 'جدة' });
  });

  it('falls back to the nearest city away from the districts', async () => {
    const [result] = await geocoder.reverse({ lat: 1.2905, lng: 103.852 });
    expect(result?.address).toMatchObject({ city: 'Singapore', country_code: 'SG' });
  });

  it('finds nothing in the open sea or for a point off the globe', async () => {
    expect(await geocoder.reverse({ lat: 0, lng: -30 })).toEqual([]);
    expect(await geocoder.reverse({ lat: 95, lng: 46 })).toEqual([]);
  });
});

describe('details', () => {
  it('resolves an autocomplete id, in the requested language', async () => {
    const [place] = await geocoder.autocomplete({ query: 'qurtubah', country: 'SA' });
    expect(await geocoder.details({ queryId: place!.address.id })).toEqual([place]);
    const [arabic] = await geocoder.details({ queryId: place!.address.id, language: 'ar' });
    expect(arabic?.address.formatted_address).toBe('قرطبة، الرياض، المملكة العربية السعودية');
  });

  it('keeps ids stable across restarts (a new geocoder resolves an old id)', async () => {
    const [place] = await geocoder.autocomplete({ query: 'dammam', country: 'SA' });
    const restarted = createGazetteerGeocoder();
    expect(await restarted.details({ queryId: place!.address.id })).toEqual([place]);
  });

  it('answers an empty list for an unknown id', async () => {
    expect(await geocoder.details({ queryId: 'city:0' })).toEqual([]);
  });
});

describe('coverage', () => {
  it.each(COUNTRY_CODES.map((code) => [code]))('has cities for %s', (code) => {
    const cities = (index.byCountry.get(code) ?? []).filter((entry) => entry.kind === 'city');
    expect(cities.length).toBeGreaterThan(0);
  });

  it('has the districts of Riyadh, Jeddah and Dammam with Arabic names', () => {
    const perCity = new Map<string, number>();
    for (const district of index.districts) {
      expect(district.nameAr).toBeTruthy();
      perCity.set(district.city!.nameEn, (perCity.get(district.city!.nameEn) ?? 0) + 1);
    }
    expect(perCity.get('Riyadh')).toBeGreaterThanOrEqual(40);
    expect(perCity.get('Jeddah')).toBeGreaterThanOrEqual(20);
    expect(perCity.get('Dammam')).toBeGreaterThanOrEqual(15);
  });

  it('places every district within 30 km of its city', () => {
    for (const district of index.districts) {
      const dLat = district.latitude - district.city!.latitude;
      const dLng = (district.longitude - district.city!.longitude) * Math.cos((district.latitude * Math.PI) / 180);
      expect(Math.hypot(dLat, dLng) * 111, district.id).toBeLessThan(30);
    }
  });

  it("reverses the reference country's map centre into Saudi Arabia", async () => {
    const centre = countryConfig('SA').mapCentre;
    const [result] = await geocoder.reverse({ lat: centre.latitude, lng: centre.longitude });
    expect(result?.address.country_code).toBe('SA');
  });
});
