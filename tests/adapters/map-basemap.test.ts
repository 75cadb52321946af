import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { BASEMAP_ARCHIVE, PLACES_ARCHIVE, PLACE_LAYER_IDS, PMTILES_PROTOCOL, offlineStyle } from '../../adapters/map/offlineStyle';
import { tileOf } from '../fixtures/pmtiles';

const basemapDir = join(import.meta.dirname, '..', '..', 'public', 'basemap');

/** An archive read as the browser reads it, by byte ranges, through the `pmtiles` library. */
function basemapArchive(file = BASEMAP_ARCHIVE): PMTiles {
  const bytes = readFileSync(join(basemapDir, file));
  const source: Source = {
    getKey: () => file,
    getBytes: (offset: number, length: number): Promise<RangeResponse> =>
      Promise.resolve({ data: bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + length) }),
  };
  return new PMTiles(source);
}

/** The decoded layers of the archive's tile at a point, or null where it has none (open sea). */
async function layersAt(lng: number, lat: number, z: number): Promise<Record<string, { type: number }[]> | null> {
  const { x, y } = tileOf(lng, lat, z);
  const tile = await basemapArchive().getZxy(z, x, y);
  if (!tile) return null;
  const { layers } = new VectorTile(new PbfReader(new Uint8Array(tile.data)));
  return Object.fromEntries(Object.entries(layers).map(([name, layer]) => [name, Array.from({ length: layer.length }, (_, i) => ({ type: layer.feature(i).type }))]));
}

interface Place {
  id: number | undefined;
  name: string;
  name_ar?: string;
  population: number;
  rank: number;
  lngLat: [number, number];
}

/** The places of the places archive's tile at a point, decoded to longitude and latitude. */
async function placesAt(lng: number, lat: number, z: number): Promise<Place[]> {
  const { x, y } = tileOf(lng, lat, z);
  const tile = await basemapArchive(PLACES_ARCHIVE).getZxy(z, x, y);
  if (!tile) return [];
  const layer = new VectorTile(new PbfReader(new Uint8Array(tile.data))).layers.places;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => {
    const feature = layer!.feature(i);
    const { geometry } = feature.toGeoJSON(x, y, z);
    if (geometry.type !== 'Point') throw new Error(`a place is a point, not a ${geometry.type}`);
    return { id: feature.id, ...(feature.properties as Omit<Place, 'id' | 'lngLat'>), lngLat: geometry.coordinates as [number, number] };
  });
}

const RIYADH = { lng: 46.72, lat: 24.69 };
const POLYGON = 3;
const LINE = 2;

describe('offline basemap data (scripts/build-basemap.ts)', () => {
  it('stays under 2 MB in total', () => {
    const bytes = readdirSync(basemapDir).reduce((sum, file) => sum + statSync(join(basemapDir, file)).size, 0);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('has vector tiles of the land and the borders from the world view to zoom 6 (maplibre over-zooms them)', async () => {
    const header = await basemapArchive().getHeader();
    expect(header).toMatchObject({ minZoom: 0, maxZoom: 6, tileType: 1 });
    expect((await layersAt(0, 0, 0))?.land?.length).toBeGreaterThan(0);
  });

  it('has land where the reference country is, borders where it meets its neighbours, and no tile at sea', async () => {
    const riyadh = await layersAt(46.7, 24.7, 6);
    expect(riyadh?.land?.map((f) => f.type)).toContain(POLYGON);
    // Saudi Arabia's border with Jordan.
    expect((await layersAt(38, 30, 6))?.borders?.map((f) => f.type)).toContain(LINE);
    expect(await layersAt(-140, 0, 6)).toBeNull();
    expect(await layersAt(65, 15, 6)).toBeNull();
  });

  it('stores a tile repeated across the map once, and still answers it at every place', async () => {
    const header = await basemapArchive().getHeader();
    expect(header.numTileContents).toBeLessThan(header.numAddressedTiles);
    // Inland far from any coast or border: the same full square of land.
    const [siberia, sahara] = await Promise.all([layersAt(100, 64, 6), layersAt(18, 24, 6)]);
    expect(siberia?.land?.length).toBe(1);
    expect(sahara?.land?.length).toBe(1);
  });

  it('names the districts the gazetteer knows, in English and Arabic, from zoom 10, each with its own id', async () => {
    const places = await placesAt(RIYADH.lng, RIYADH.lat, 6);
    const olaya = places.find((place) => place.name === 'Al Olaya');
    expect(olaya).toMatchObject({ name_ar: 'العليا', rank: 5 });
    expect(places.find((place) => place.name === 'Riyadh')?.name_ar).toBe('الرياض');
    expect(new Set(places.map((place) => place.id)).size).toBe(places.length);
    expect(places.every((place) => typeof place.id === 'number' && place.id > 0)).toBe(true);
    const districtLayer = offlineStyle(new URL('http://app.example/basemap/')).layers.find((layer) => layer.id === 'places-rank-5');
    expect(districtLayer).toMatchObject({ minzoom: 10 });
  });

  it('keeps a district where the gazetteer puts it (rounded to 3 decimals) to within a metre, for street zoom', async () => {
    const olaya = (await placesAt(RIYADH.lng, RIYADH.lat, 6)).find((place) => place.name === 'Al Olaya');
    // server/geo/data/districts.json: 46.683, 24.6985, rounded by the build to 46.683, 24.699 (or 24.698).
    const [lng = 0, lat = 0] = olaya?.lngLat ?? [];
    const metresPerDegree = 111_320;
    expect(Math.abs(lng - 46.683) * metresPerDegree * Math.cos((lat * Math.PI) / 180)).toBeLessThan(1);
    expect(Math.min(Math.abs(lat - 24.699), Math.abs(lat - 24.698)) * metresPerDegree).toBeLessThan(1);
  });

  it('names the reference country’s cities, capitals shown from the world view, small places only in nearer tiles', async () => {
    const world = await placesAt(RIYADH.lng, RIYADH.lat, 2);
    const riyadh = world.find((place) => place.name === 'Riyadh');
    expect(riyadh?.rank).toBe(1);
    expect(riyadh?.population).toBeGreaterThan(1_000_000);
    const [lng, lat] = riyadh?.lngLat ?? [];
    expect(lng).toBeCloseTo(46.7, 0);
    expect(lat).toBeCloseTo(24.7, 0);
    expect(world.every((place) => place.rank === 1)).toBe(true);
    expect((await placesAt(39.2, 21.5, 6)).some((place) => place.name === 'Jeddah')).toBe(true);
  });
});

describe('offline style', () => {
  const style = offlineStyle(new URL('http://localhost:8080/basemap/'));

  it('reads every layer from the shipped files at absolute URLs (the worker cannot resolve relative ones)', () => {
    const urls = Object.values(style.sources).map((source) => ('data' in source ? source.data : 'url' in source ? source.url : null));
    expect(urls).toEqual([`${PMTILES_PROTOCOL}://http://localhost:8080/basemap/${BASEMAP_ARCHIVE}`, `${PMTILES_PROTOCOL}://http://localhost:8080/basemap/${PLACES_ARCHIVE}`]);
    const files = new Set(readdirSync(basemapDir));
    expect(urls.every((url) => files.has(String(url).split('/').pop() ?? ''))).toBe(true);
  });

  it('draws the land, the borders and the places from their layers of the archives', () => {
    const sourceLayers = style.layers.flatMap((layer) => ('source-layer' in layer ? [`${layer.id}:${layer['source-layer']}`] : []));
    expect(sourceLayers).toEqual(['land:land', 'borders:borders', ...PLACE_LAYER_IDS.map((id) => `${id}:places`)]);
  });

  it('needs no glyph server: no text layers, labels are HTML', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.layers.map((layer) => layer.id)).toEqual(expect.arrayContaining(PLACE_LAYER_IDS));
  });
});
