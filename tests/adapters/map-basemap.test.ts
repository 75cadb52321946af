import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { PLACE_LAYER_IDS, offlineStyle } from '../../adapters/map/offlineStyle';

const basemapDir = join(import.meta.dirname, '..', '..', 'public', 'basemap');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(basemapDir, file), 'utf8')) as T;

describe('offline basemap data (scripts/build-basemap.ts)', () => {
  it('stays under 2 MB in total', () => {
    const bytes = readdirSync(basemapDir).reduce((sum, file) => sum + statSync(join(basemapDir, file)).size, 0);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('has land polygons and country borders', () => {
    const land = readJson<FeatureCollection>('land.json');
    expect(land.features.length).toBeGreaterThan(0);
    expect(land.features.every((f) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')).toBe(true);
    expect(readJson<{ geometry: { type: string } }>('borders.json').geometry.type).toBe('MultiLineString');
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
    const urls = Object.values(style.sources).map((source) => ('data' in source ? source.data : null));
    expect(urls).toEqual([
      'http://localhost:8080/basemap/land.json',
      'http://localhost:8080/basemap/borders.json',
      'http://localhost:8080/basemap/places.json',
    ]);
  });

  it('needs no glyph server: no text layers, labels are HTML', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.layers.map((layer) => layer.id)).toEqual(expect.arrayContaining(PLACE_LAYER_IDS));
  });
});
