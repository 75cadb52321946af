// GET /client-config: the deployment settings the browser needs before it draws a map or searches an
// address (DESIGN.md "Maps"). Read-only and public; it carries only what a browser may see anyway — the
// public Mapbox token (a URL-restricted "pk." token by Mapbox's design), a style URL and the Google Maps
// browser key (restricted by referrer at Google, and sent by the browser to Google in any case) —
// never a secret.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { mapTilesPath } from '../http/mapTiles';

/** The answer of GET /client-config (snake_case like the rest of the API). */
export interface ClientConfigBody {
  /** MAPBOX_TOKEN; null means the offline maplibre basemap. */
  mapbox_token: string | null;
  /** MAP_STYLE_URL; null means the chosen library's default style. */
  map_style_url: string | null;
  /** GOOGLE_MAPS_API_KEY; null means address search stays on our geolocator whatever the
   * GoogleAutocomplete flag says. */
  google_maps_api_key: string | null;
  /** Path on this origin of the MAP_PMTILES archive (street maps); null means the offline basemap. */
  map_pmtiles_url: string | null;
}

export function clientConfigOf(
  config: Pick<Config, 'mapboxToken' | 'mapStyleUrl' | 'googleMapsApiKey' | 'mapPmtiles'>,
  servesMapTiles = false,
): ClientConfigBody {
  return {
    mapbox_token: config.mapboxToken,
    map_style_url: config.mapStyleUrl,
    google_maps_api_key: config.googleMapsApiKey,
    map_pmtiles_url: servesMapTiles && config.mapPmtiles ? mapTilesPath(config.mapPmtiles) : null,
  };
}

const responseSchema = {
  200: {
    type: 'object',
    properties: {
      mapbox_token: { type: ['string', 'null'] },
      map_style_url: { type: ['string', 'null'] },
      google_maps_api_key: { type: ['string', 'null'] },
      map_pmtiles_url: { type: ['string', 'null'] },
    },
    required: ['mapbox_token', 'map_style_url', 'google_maps_api_key', 'map_pmtiles_url'],
  },
} as const;

export async function clientConfigRoutes(app: FastifyInstance, options: { servesMapTiles?: boolean } = {}): Promise<void> {
  // The response schema is also an allow-list: a field added to Config by mistake cannot leak here.
  app.get('/client-config', { schema: { response: responseSchema } }, async (_request, reply) => {
    // Configuration changes only with a restart; a short cache spares a request per page load.
    void reply.header('cache-control', 'public, max-age=300');
    return clientConfigOf(app.config, options.servesMapTiles ?? false);
  });
}
