// Builds every adapter the browser app needs from one configuration, for src/'s composition root.
import { createBrowserNavigator, createBrowserReloader } from './browserLocation';
import { systemClock } from './clock';
import { createGeolocator } from './geolocator/geolocator';
import { createHttpApiClient } from './http/apiClient';
import { resolveApiOrigin, type ApiOriginTable, type Environment } from './http/apiConfig';
import { createTranslationLoader } from './i18n/translationLoader';
import type {
  ApiClient,
  Clock,
  Geolocator,
  KeyValueStorage,
  LiveSocket,
  Navigator,
  Reloader,
  TranslationLoader,
  VersionChecker,
} from './ports';
import { createBrowserStorage } from './storage/keyValueStorage';
import { createVersionChecker } from './version';
import { createApiLiveSocket } from './websocket/liveSocket';

export interface BrowserAdaptersConfig {
  environment: Environment;
  country: string;
  /** window.location.origin */
  appOrigin: string;
  /** API origins per environment and country; empty = the app's origin (embedded server). */
  origins?: ApiOriginTable;
  defaultLocale: string;
  /** Where /locales/{locale}.json lives; the app origin by default. */
  localesBaseUrl?: string;
  onAddressBookError?: (error: unknown) => void;
}

export interface BrowserAdapters {
  storage: KeyValueStorage;
  clock: Clock;
  api: ApiClient;
  live: LiveSocket;
  geolocator: Geolocator;
  translations: TranslationLoader;
  version: VersionChecker;
  navigator: Navigator;
  reloader: Reloader;
}

export function createBrowserAdapters(config: BrowserAdaptersConfig): BrowserAdapters {
  const storage = createBrowserStorage();
  const clock = systemClock;
  const origin = resolveApiOrigin(config);
  const api = createHttpApiClient({ origin, appOrigin: config.appOrigin, storage, clock });
  return {
    storage,
    clock,
    api,
    live: createApiLiveSocket(origin, storage),
    geolocator: createGeolocator(api, { onAddressBookError: config.onAddressBookError }),
    translations: createTranslationLoader({ baseUrl: config.localesBaseUrl ?? config.appOrigin, defaultLocale: config.defaultLocale }),
    version: createVersionChecker(config.appOrigin),
    navigator: createBrowserNavigator(),
    reloader: createBrowserReloader(),
  };
}
