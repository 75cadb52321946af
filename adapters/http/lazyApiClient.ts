// The browser's ApiClient: the account calls the public pages make are in the first JavaScript; every
// other area (calls/apiAreas.ts) is a chunk of its own, imported on the area's first call, so the
// landing and sign-in pages do not download the signed-in app's calls (the bundle budget,
// tests/e2e/bundle-budget.e2e.ts). Each method keeps the port's signature: callers cannot tell.
import type { ApiClient } from '../ports';
import { ApiError } from './apiError';
import { accountCalls } from './calls/accountCalls';
import { LAZY_API_AREAS, type AreaCalls, type LazyApiArea } from './calls/apiAreas';
import { createCallHelpers, type CallHelpers, type HttpApiClientOptions } from './calls/callHelpers';

/** How each area's calls are built once its module has loaded. */
export type AreaModules = { [A in LazyApiArea]: () => Promise<(helpers: CallHelpers) => AreaCalls<A>> };

/** Each area's module, as a chunk of its own. */
export const AREA_MODULES: AreaModules = {
  vendors: async () => (await import('./calls/vendorCalls')).vendorCalls,
  orders: async () => (await import('./calls/orderCalls')).orderCalls,
  tracking: async () => (await import('./calls/trackingCalls')).trackingCalls,
  delivery: async () => (await import('./calls/deliveryCalls')).deliveryCalls,
  payments: async () => (await import('./calls/paymentCalls')).paymentCalls,
  addresses: async () => (await import('./calls/addressCalls')).addressCalls,
  templates: async () => (await import('./calls/templateCalls')).templateCalls,
  recurring: async () => (await import('./calls/recurringCalls')).recurringCalls,
  bulk: async () => (await import('./calls/bulkCalls')).bulkCalls,
  developers: async () => (await import('./calls/developerCalls')).developerCalls,
  notifications: async () => (await import('./calls/notificationCalls')).notificationCalls,
  team: async () => (await import('./calls/teamCalls')).teamCalls,
};

type AnyCall = (...args: unknown[]) => Promise<unknown>;

export function createLazyHttpApiClient(options: HttpApiClientOptions, areaModules: AreaModules = AREA_MODULES): ApiClient {
  const helpers = createCallHelpers(options);
  const client: Record<string, AnyCall> = { ...(accountCalls(helpers) as unknown as Record<string, AnyCall>) };
  for (const area of Object.keys(LAZY_API_AREAS) as LazyApiArea[]) {
    const calls = loadOnce(() => areaModules[area]().then((build) => build(helpers) as unknown as Record<string, AnyCall>));
    for (const name of LAZY_API_AREAS[area]) client[name] = async (...args) => (await calls())[name]!(...args);
  }
  return client as unknown as ApiClient;
}

/**
 * The area's calls, loaded by the first caller and shared by the others. A chunk that fails to load
 * (offline, a deploy in between) answers the offline error the screens already explain, and the next
 * call tries again.
 */
function loadOnce(load: () => Promise<Record<string, AnyCall>>): () => Promise<Record<string, AnyCall>> {
  let loading: Promise<Record<string, AnyCall>> | null = null;
  return () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = null;
      throw ApiError.offline(cause);
    }));
}
