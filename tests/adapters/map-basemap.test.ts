import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import type { FeatureCollection, Point } from 'geojson';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { BASEMAP_ARCHIVE, PLACE_LAYER_IDS, PMTILES_PROTOCOL, offlineStyle } from '../../adapters/map/offlineStyle';
import { tileOf } from '../fixtures/pmtiles';

const basemapDir = join(import.meta.dirname, '..', '..', 'public', 'basemap');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(basemapDir, file), 'utf8')) as T;

/** The archive read as the browser reads it, by byte ranges, through the `pmtiles` library. */
function basemapArchive(): PMTiles {
  const bytes = readFileSync(join(basemapDir, BASEMAP_ARCHIVE));
  const source: Source = {
    getKey: () => BASEMAP_ARCHIVE,
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

  it('names the districts the gazetteer knows, in English and Arabic, from zoom 10', () => {
    const places = readJson<FeatureCollection<Point, { name: string; name_ar?: string; rank: number }>>('places.json');
    const olaya = places.features.find((f) => f.properties.name === 'Al Olaya');
    expect(olaya?.properties).toMatchObject({ name_ar: 'العليا', rank: 5 });
    expect(places.features.find((f) => f.properties.name === 'Riyadh')?.properties.name_ar).toBe('الرياض');
    const districtLayer = offlineStyle(new URL('http://app.example/basemap/')).layers.find((layer) => layer.id === 'places-rank-5');
    expect(districtLayer).toMatchObject({ minzoom: 10 });
  });

  it('names the reference country’s cities, capitals shown from the world view', () => {
    const places = readJson<FeatureCollection<Point, { name: string; population: number; rank: number }>>('places.json');
    const riyadh = places.features.find((f) => f.properties.name === 'Riyadh');
    expect(riyadh?.properties.rank).toBe(1);
    const [lng, lat] = riyadh?.geometry.coordinates ?? [];
    expect(lng).toBeCloseTo(46.7, 0);
    expect(lat).toBeCloseTo(24.7, 0);
    expect(places.features.some((f) => f.properties.name === 'Jeddah')).toBe(true);
  });
});

describe('offline style', () => {
  const style = offlineStyle(new URL('http://localhost:8080/basemap/'));

  it('reads every layer from the shipped files at absolute URLs (the worker cannot resolve relative ones)', () => {
    const urls = Object.values(style.sources).map((source) => ('data' in source ? source.data : 'url' in source ? source.url : null));
    expect(urls).toEqual([`${PMTILES_PROTOCOL}://http://localhost:8080/basemap/${BASEMAP_ARCHIVE}`, 'http://localhost:8080/basemap/places.json']);
    const files = new Set(readdirSync(basemapDir));
    expect(urls.every((url) => files.has(String(url).split('/').pop() ?? ''))).toBe(true);
  });

  it('draws the land and the borders from their layers of the archive', () => {
    const sourceLayers = style.layers.flatMap((layer) => ('source-layer' in layer ? [`${layer.id}:${layer['source-layer']}`] : []));
    expect(sourceLayers).toEqual(['land:land', 'borders:borders']);
  });

  it('needs no glyph server: no text layers, labels are HTML', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.layers.map((layer) => layer.id)).toEqual(expect.arrayContaining(PLACE_LAYER_IDS));
  });
});
