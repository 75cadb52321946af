// @vitest-environment jsdom
// GET /client-config on the real server, and the browser's map port choosing its library from it:
// maplibre (offline) when the server has no MAPBOX_TOKEN, mapbox-gl with the token when it has one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchMapConfig } from '../../adapters/map/clientMapConfig';
import { createConfiguredMapPort } from '../../adapters/map/configuredMapPort';
import type { MapLibraryModules } from '../../adapters/map/loadMap';
import type { MapCreateOptions } from '../../adapters/map/mapPort';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import { streetGridArchive } from '../fixtures/pmtiles';
import { startServer, type TestServer } from '../server/harness';

const OPTIONS: MapCreateOptions = { center: { lng: 46.6753, lat: 24.7136 }, zoom: 18 };
const TOKEN = 'pk.eyJ1IjoicG9ydGFsIn0.public-token';
const STYLE = 'https://tiles.example/style.json';

/** Library modules that record which library was loaded and the settings it was given. */
function recordingModules() {
  const loads: { library: string; config: unknown }[] = [];
  const handle = () => createMemoryMapPort().create(document.body.appendChild(document.createElement('div')), OPTIONS);
  const modules: MapLibraryModules = {
    maplibre: async () => {
      const resolved = await handle();
      return { createMaplibreMap: (_c, _o, config) => (loads.push({ library: 'maplibre', config }), resolved) };
    },
    mapbox: async () => {
      const resolved = await handle();
      return { createMapboxMap: (_c, _o, config) => (loads.push({ library: 'mapbox', config }), resolved) };
    },
  };
  return { modules, loads };
}

const mounted = () => document.body.appendChild(document.createElement('div'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a server with a Mapbox token and a style', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ MAPBOX_TOKEN: TOKEN, MAP_STYLE_URL: STYLE });
  });
  afterAll(async () => server?.stop());

  it('serves exactly the public map settings, to anyone', async () => {
    const response = await server.call('GET', `${server.baseUrl}/client-config`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mapbox_token: TOKEN, map_style_url: STYLE, google_maps_api_key: null, map_pmtiles_url: null });
    // Nothing else of the configuration travels with it.
    const secrets = Object.values(server.config.secrets);
    for (const secret of secrets) expect(response.text).not.toContain(secret);
    expect(response.text).not.toContain(server.opsToken);
  });

  it('is read-only', async () => {
    const response = await server.call('POST', `${server.baseUrl}/client-config`, { body: { mapbox_token: 'pk.other' } });
    expect(response.status).toBe(404);
  });

  it('makes the browser port draw with mapbox-gl and the token', async () => {
    const { modules, loads } = recordingModules();
    const port = createConfiguredMapPort(() => fetchMapConfig(server.baseUrl), { modules });
    await port.create(mounted(), OPTIONS);
    await port.create(mounted(), OPTIONS);
    expect(loads.map((load) => load.library)).toEqual(['mapbox', 'mapbox']);
    expect(loads[0]?.config).toEqual({ accessToken: TOKEN, styleUrl: STYLE });
  });
});

describe('a server without map settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it('answers nulls', async () => {
    const response = await server.call('GET', `${server.baseUrl}/client-config`);
    expect(response.body).toEqual({ mapbox_token: null, map_style_url: null, google_maps_api_key: null, map_pmtiles_url: null });
  });

  it('makes the browser port draw the offline maplibre basemap', async () => {
    const { modules, loads } = recordingModules();
    await createConfiguredMapPort(() => fetchMapConfig(server.baseUrl), { modules }).create(mounted(), OPTIONS);
    expect(loads.map((load) => load.library)).toEqual(['maplibre']);
    expect(loads[0]?.config).toMatchObject({ styleUrl: undefined });
  });
});

describe('fetchMapConfig', () => {
  it('falls back to the offline default when the server cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    expect(await fetchMapConfig('http://127.0.0.1:9')).toEqual({});
  });

  it('ignores an answer that is not the expected shape', async () => {
    const notJson = (async () => '<!doctype html>') as unknown as Parameters<typeof fetchMapConfig>[1];
    expect(await fetchMapConfig('http://app.example', notJson)).toEqual({ mapboxToken: null, styleUrl: null, pmtilesPath: null });
  });
});

describe('a server with MAP_PMTILES', () => {
  let server: TestServer;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'client-config-'));
    writeFileSync(join(folder, 'riyadh.pmtiles'), streetGridArchive({ lng: 46.683, lat: 24.6985 }));
    server = await startServer({ MAP_PMTILES: join(folder, 'riyadh.pmtiles') });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes the browser port draw maplibre over the archive on the same origin', async () => {
    const { modules, loads } = recordingModules();
    await createConfiguredMapPort(() => fetchMapConfig(server.baseUrl), { modules }).create(mounted(), OPTIONS);
    expect(loads).toEqual([{ library: 'maplibre', config: expect.objectContaining({ pmtilesUrl: new URL('/map-tiles/riyadh.pmtiles', document.baseURI) }) }]);
  });
});

describe('createConfiguredMapPort', () => {
  it('asks for the settings once for every map of the page', async () => {
    let asked = 0;
    const { modules } = recordingModules();
    const port = createConfiguredMapPort(async () => ((asked += 1), {}), { modules });
    await Promise.all([port.create(mounted(), OPTIONS), port.create(mounted(), OPTIONS)]);
    expect(asked).toBe(1);
  });

  it('asks again after the settings failed to load', async () => {
    let asked = 0;
    const { modules } = recordingModules();
    const port = createConfiguredMapPort(async () => {
      asked += 1;
      if (asked === 1) throw new Error('offline');
      return {};
    }, { modules });
    await expect(port.create(mounted(), OPTIONS)).rejects.toThrow('offline');
    await port.create(mounted(), OPTIONS);
    expect(asked).toBe(2);
  });
});
