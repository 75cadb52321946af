// A map port whose code (the library choice, the load backoff, the server's map settings) loads with
// the first map drawn: landing and sign-in draw none, so it stays out of their first JavaScript
// (tests/e2e/bundle-budget.e2e.ts). The map libraries themselves are lazy chunks of their own (loadMap.ts).
import type { MapPort } from './mapPort';

/** `load` runs once, on the first map; a failed load (offline, a deploy in between) is tried again on the next. */
export function lazyMapPort(load: () => Promise<MapPort>): MapPort {
  let loading: Promise<MapPort> | null = null;
  return {
    async create(container, options) {
      loading ??= load().catch((cause: unknown) => {
        loading = null;
        throw cause;
      });
      return (await loading).create(container, options);
    },
  };
}
