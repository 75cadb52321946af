// Response headers that make the browser enforce what the server cannot: a Content-Security-Policy
// (scripts only from our origin, no inline script), no MIME sniffing, no referrer leak of tracking
// links, framing only by ourselves (the help-centre iframe) and the APP_ORIGINS (a GoDroid
// container that embeds the portal in a web frame), and HSTS when the request came over TLS.
//
// Decision, styles: styled-components injects <style> elements at run time and the server's small
// HTML pages (help centre, receipt, payment challenge) carry one inline <style>; a nonce would need
// the HTML rendered per request. So style-src allows 'unsafe-inline' while script-src does not:
// an injected style cannot run code, an injected script could.
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Origins allowed to frame the app and call the API (config.appOrigins). */
  appOrigins: readonly string[];
  /** When set, the map library loads its style, tiles and glyphs from these hosts. */
  mapboxToken: string | null;
  mapStyleUrl: string | null;
  /** When set, the browser calls Google's Places API (GoogleAutocomplete flag) from the page. */
  googleMapsApiKey?: string | null;
}

/** One year, the preload list's minimum. */
export const HSTS_MAX_AGE_S = 31_536_000;

const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];
/** Places API (New): autocomplete and place details, called with fetch (adapters/geolocator/googlePlaces.ts). */
const GOOGLE_PLACES_ORIGIN = 'https://places.googleapis.com';

function originOf(url: string | null): string[] {
  if (url === null) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const mapHosts = [...(options.mapboxToken ? MAPBOX_ORIGINS : []), ...originOf(options.mapStyleUrl)];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for generated proof images and map sprites; blob: for map tiles decoded in workers.
    'img-src': ["'self'", 'data:', 'blob:', ...mapHosts],
    'font-src': ["'self'", 'data:'],
    // The live socket is same-origin (ws:/wss: of this host: 'self' covers it in current browsers).
    'connect-src': ["'self'", ...mapHosts, ...(options.googleMapsApiKey ? [GOOGLE_PLACES_ORIGIN] : [])],
    // maplibre/mapbox run their tile workers from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'", ...options.appOrigins],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = contentSecurityPolicy(options);
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    // Tracking and receipt links carry their token in the query: never send it to another origin.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), payment=(), usb=()',
  };
  // X-Frame-Options cannot list origins: send it only when framing is limited to our own.
  if (options.appOrigins.length === 0) headers['x-frame-options'] = 'SAMEORIGIN';
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers);
    // HSTS means something only over TLS (a browser ignores it on http, and localhost stays usable).
    if (request.protocol === 'https') void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`);
  });
}
