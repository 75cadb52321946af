import { createBrowserReloader } from '../../adapters/browserLocation';
import { systemClock } from '../../adapters/clock';
import { fileFlagSource, orderFlagSources, serverFlagSource, type FlagSource } from '../../adapters/flags/flagSources';
import { createLazyHttpApiClient } from '../../adapters/http/lazyApiClient';
import { fetchMapConfig } from '../../adapters/map/clientMapConfig';
import { fetchGoogleMapsApiKey, lazyGoogleMapsApiKey } from '../../adapters/geolocator/googleMapsApiKey';
import { lazyMapPort } from '../../adapters/map/lazyMapPort';
import type { MapPort } from '../../adapters/map/mapPort';
import { isEnvironment, resolveApiOrigin } from '../../adapters/http/apiConfig';
import { createTranslationLoader } from '../../adapters/i18n/translationLoader';
import { createCardEncryptor } from '../../adapters/payments/cardEncryptor';
import type { ApiClient, CardEncryptor, Clock, KeyValueStorage, LiveChannel, TranslationLoader, VersionChecker } from '../../adapters/ports';
import { lazyChannelConnection } from '../../adapters/websocket/lazyChannelConnection';
import { createSharedLiveChannel } from '../../adapters/websocket/sharedLiveChannel';
import { chunk } from './lazyChunks';
import { createVersionChecker } from '../../adapters/version';
import { createBrowserStorage } from '../../adapters/storage/keyValueStorage';
import type { AppConfig } from './config';

/** The adapters the machines are given. Built once, in main.tsx; tests build their own. */
export interface Services {
  api: ApiClient;
  /** The tab's one live socket (API.md /ws): live orders and the failing-webhooks banner subscribe on it. */
  live: LiveChannel;
  storage: KeyValueStorage;
  clock: Clock;
  translations: TranslationLoader;
  /** Flag providers in the configured order, the fallback file last (SPEC §7). */
  flagSources: readonly FlagSource[];
  /** GET /version.json, for the outdated-build check. */
  versions: VersionChecker;
  reload: () => void;
  /** Draws maps with the server's MAPBOX_TOKEN / MAP_STYLE_URL (GET /client-config). Absent where no
   * map is drawn (tests): the request screen then uses the offline maplibre port. */
  mapPort?: MapPort;
  /** The server's GOOGLE_MAPS_API_KEY (GET /client-config), asked once when first needed; null when
   * unset. Absent in tests that do not search with Google. */
  googleMapsApiKey?: () => Promise<string | null>;
  /** The second card provider's client-side card encryption (TaiwanCardProvider). Absent where no card
   * is paid for (tests): the card form then cannot use that provider. */
  cardEncryptor?: CardEncryptor;
}

export function createServices(config: AppConfig, env: { VITE_ENVIRONMENT?: string }, appOrigin: string): Services {
  const storage = createBrowserStorage();
  const clock = systemClock;
  const environment = env.VITE_ENVIRONMENT && isEnvironment(env.VITE_ENVIRONMENT) ? env.VITE_ENVIRONMENT : 'stg';
  const origin = resolveApiOrigin({ environment, country: config.country.code, appOrigin });
  const api = createLazyHttpApiClient({ origin, appOrigin, storage, clock });
  return {
    api,
    // The connection's code loads with the first subscription, retried as the lazy pages are (lazyChunks.ts).
    live: createSharedLiveChannel(lazyChannelConnection(chunk('live-channel', async () => {
      const [{ tabChannelConnection }, { createApiLiveSocket }] = await Promise.all([import('./liveChannel'), import('../../adapters/websocket/liveSocket')]);
      return tabChannelConnection(createApiLiveSocket(origin, storage));
    }))),
    storage,
    clock,
    translations: createTranslationLoader({ baseUrl: appOrigin, defaultLocale: 'en' }),
    flagSources: orderFlagSources([serverFlagSource(api), fileFlagSource(appOrigin)], ['server']),
    versions: createVersionChecker(appOrigin),
    reload: createBrowserReloader().reload,
    mapPort: lazyMapPort(async () => (await import('../../adapters/map/configuredMapPort')).createConfiguredMapPort(() => fetchMapConfig(appOrigin))),
    googleMapsApiKey: lazyGoogleMapsApiKey(() => fetchGoogleMapsApiKey(appOrigin)),
    cardEncryptor: createCardEncryptor(),
  };
}
