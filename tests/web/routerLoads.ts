// The app's screens are lazy route chunks, loaded while a test goes on. The `web` project's files share
// one module graph per worker (vitest.config.ts, `isolate: false`), so a file that ended right after a
// navigation left the screen's import in flight: it finished after the file's environment was torn down,
// failed, and the next file of that worker found the screen failed too (a fresh-clone CI: every
// tracking-screen.test.tsx test met "This page could not be loaded" after recurring-orders.test.tsx
// followed a link to tracking). The harness's routers are kept here; tests/setup/sharedDom.ts waits, before
// a file ends, for every screen chunk of their routes: an import in flight is awaited, a chunk not yet
// asked for is loaded now (once per worker: the module graph keeps it), so none is left half-way.
interface RouterWithScreens {
  readonly routesById: Record<string, { readonly options: { readonly component?: unknown } }>;
}

const routers = new Set<RouterWithScreens>();

/** Registers a router the harness made, so its file waits for its screens' chunks; returns it. */
export function routerUnderTest<R extends RouterWithScreens>(router: R): R {
  routers.add(router);
  return router;
}

/** Settles when every screen chunk of the registered routers has loaded (or failed). */
export async function routerLoadsSettled(): Promise<void> {
  const pending = [...routers];
  routers.clear();
  const loads = pending.flatMap((router) => Object.values(router.routesById).map((route) => preloadOf(route.options.component)));
  await Promise.allSettled(loads);
}

function preloadOf(component: unknown): Promise<unknown> | undefined {
  const preload = (component as { preload?: () => Promise<unknown> } | undefined)?.preload;
  return preload?.();
}
