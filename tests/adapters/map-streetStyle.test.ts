// The MAP_PMTILES street style, and the path its tiles take: maplibre asks the `pmtiles` protocol for
// `pmtiles://{archive}/{z}/{x}/{y}`, the protocol reads the archive from our server in byte ranges.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Protocol } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineStyle, PMTILES_PROTOCOL } from '../../adapters/map/offlineStyle';
import { STREETS_SOURCE_ID, streetStyle } from '../../adapters/map/streetStyle';
import { streetGridArchive, streetGridTile, tileOf } from '../fixtures/pmtiles';
import { startServer, type TestServer } from '../server/harness';

const OLAYA = { lng: 46.683, lat: 24.6985 };
const ARCHIVE = new URL('http://127.0.0.1:8080/map-tiles/riyadh.pmtiles');
const BASEMAP = new URL('http://127.0.0.1:8080/basemap/');

describe('street style', () => {
  const style = streetStyle(ARCHIVE, BASEMAP);
  const ids = style.layers.map((layer) => layer.id);

  it('reads its vector tiles through the pmtiles protocol from the archive on our server', () => {
    expect(style.sources[STREETS_SOURCE_ID]).toMatchObject({ type: 'vector', url: `${PMTILES_PROTOCOL}://${ARCHIVE.href}` });
  });

  it('draws land use, water, roads and buildings from the Protomaps layers', () => {
    const sourceLayers = new Set(style.layers.flatMap((layer) => ('source-layer' in layer && layer.source === STREETS_SOURCE_ID ? [layer['source-layer']] : [])));
    expect([...sourceLayers].sort()).toEqual(['buildings', 'earth', 'landuse', 'roads', 'water']);
  });

  it('keeps the offline basemap under and around the extract, and its places (the HTML labels) on top', () => {
    const offline = offlineStyle(BASEMAP).layers.map((layer) => layer.id);
    expect(ids.filter((id) => offline.includes(id))).toEqual(offline);
    expect(ids.indexOf('land')).toBeLessThan(ids.indexOf('streets-earth'));
    expect(ids.indexOf('streets-highway')).toBeLessThan(ids.indexOf('places-rank-1'));
  });

  it('needs no glyph server: no symbol layer', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.filter((layer) => layer.type === 'symbol')).toEqual([]);
  });
});

describe('the pmtiles protocol over our server', () => {
  let server: TestServer;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'street-style-'));
    writeFileSync(join(folder, 'riyadh.pmtiles'), streetGridArchive(OLAYA));
    server = await startServer({ MAP_PMTILES: join(folder, 'riyadh.pmtiles') });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the style source with TileJSON, then a tile by z/x/y', async () => {
    const protocol = new Protocol();
    const archiveUrl = `${PMTILES_PROTOCOL}://${server.baseUrl}/map-tiles/riyadh.pmtiles`;
    const tileJson = (await protocol.tilev4({ url: archiveUrl, type: 'json' }, new AbortController())).data as { tiles: string[]; minzoom: number; maxzoom: number };
    expect(tileJson).toMatchObject({ minzoom: 12, maxzoom: 14 });
    const { x, y } = tileOf(OLAYA.lng, OLAYA.lat, 14);
    const tile = await protocol.tilev4({ url: `${archiveUrl}/14/${x}/${y}`, type: 'arrayBuffer' }, new AbortController());
    expect(new Uint8Array(tile.data as ArrayBuffer)).toEqual(streetGridTile());
  });
});
