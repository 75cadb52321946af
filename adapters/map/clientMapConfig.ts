// GET /client-config on the app's own origin: the server's MAPBOX_TOKEN, MAP_STYLE_URL and MAP_PMTILES, so one
// bundle serves every deployment (the settings are the server's, not baked in at build time).
import { ofetch } from 'ofetch';
import type { MapConfig } from './loadMap';

/** The server's answer (server/routes/clientConfig.ts). */
interface ClientConfigBody {
  mapbox_token?: unknown;
  map_style_url?: unknown;
  map_pmtiles_url?: unknown;
}

const CLIENT_CONFIG_TIMEOUT_MS = 5_000;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The map settings of the deployment. Any failure means the offline default (maplibre, no token):
 * a map without streets beats no map, and the offline basemap needs nothing from the network. */
export async function fetchMapConfig(appOrigin: string, fetchImpl: typeof ofetch = ofetch): Promise<MapConfig> {
  try {
    const body = await fetchImpl<ClientConfigBody>(new URL('/client-config', appOrigin).href, {
      retry: 1,
      timeout: CLIENT_CONFIG_TIMEOUT_MS,
      responseType: 'json',
    });
    return {
      mapboxToken: textOrNull(body?.mapbox_token),
      styleUrl: textOrNull(body?.map_style_url),
      pmtilesPath: textOrNull(body?.map_pmtiles_url),
    };
  } catch {
    return {};
  }
}
