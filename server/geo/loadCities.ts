// The cities the gazetteer indexes: from the compact file (citiesFile.ts) when it holds every wanted
// country, which is the case for the supported countries (the default); otherwise (the whole world,
// or a country added to domain/countries.ts before the file was rewritten) from the package itself.
import { readCitiesFile } from './citiesFile';
import { loadPackageCities, type CityRecord } from './packageCities';

export type { CityRecord } from './packageCities';

export async function loadCities(countryCodes: readonly string[] | null): Promise<CityRecord[]> {
  if (countryCodes === null) return loadPackageCities(null);
  const wanted = new Set(countryCodes.map((code) => code.toUpperCase()));
  const file = await readCitiesFile();
  const held = new Set(file.countryCodes);
  if (![...wanted].every((code) => held.has(code))) return loadPackageCities([...wanted]);
  return file.cities.filter((city) => wanted.has(city.country));
}
