// GET /client-config on the app's own origin: the server's GOOGLE_MAPS_API_KEY (a browser key that
// Google restricts by referrer), so one bundle serves every deployment.
import { ofetch } from 'ofetch';

const CLIENT_CONFIG_TIMEOUT_MS = 5_000;

/** The key, or null when the server has none or cannot be asked: then our geolocator serves. */
export async function fetchGoogleMapsApiKey(appOrigin: string, fetchImpl: typeof ofetch = ofetch): Promise<string | null> {
  try {
    const body = await fetchImpl<{ google_maps_api_key?: unknown }>(new URL('/client-config', appOrigin).href, {
      retry: 1,
      timeout: CLIENT_CONFIG_TIMEOUT_MS,
      responseType: 'json',
    });
    const key = body?.google_maps_api_key;
    return typeof key === 'string' && key.trim() !== '' ? key : null;
  } catch {
    return null;
  }
}

/** Asks once, when first needed (only a search with the flag on needs it), and keeps the answer. */
export function lazyGoogleMapsApiKey(load: () => Promise<string | null>): () => Promise<string | null> {
  let answer: Promise<string | null> | null = null;
  return () => (answer ??= load());
}
