// The JavaScript each page loads before it shows itself, per route, from the build's Vite manifest
// (scripts/build/routeChunks.ts): the public pages a phone opens first stay small, and the heavy
// libraries load only with the pages that use them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSizes, initialJsFiles, PUBLIC_INITIAL_JS_AIM_BYTES, PUBLIC_ROUTES, readManifest, ROUTE_SCREENS, type BudgetRoute } from '../../scripts/build/routeChunks';

const DIST_DIR = process.env.E2E_DIST_DIR ?? join(process.cwd(), 'dist');

/**
 * Ceiling per public page, gzip: what was reached, so any growth fails. The aim is
 * PUBLIC_INITIAL_JS_AIM_BYTES (150 kB); React (66.9 kB) and the chunk of the router, XState,
 * styled-components and react-intl without its parser (54.9 kB) alone are 122 kB of it.
 */
const MAX_PUBLIC_INITIAL_JS_BYTES: Record<(typeof PUBLIC_ROUTES)[number], number> = {
  // 167.0 / 167.0 / 175.4 kB when the flag SDK left the first load; 168.1 / 168.1 / 176.8 kB once the
  // Insights, templates, notification settings and invitation routes and the role-aware landing joined
  // the route table every page loads; 169.1 / 169.1 kB with the Team, Audit, Recurring orders and proof
  // calls on the one API client and their routes in the table; 166.5 / 166.5 kB with the API client
  // split per area (only the account calls up front) and jose loaded with the GoDroid token;
  // 166.1 / 166.1 / 174.8 kB with the geolocator loaded on the first address search; 167.6 / 167.6 / 176.3 kB
  // measured again after later features; 165.8 / 165.8 / 174.4 kB with the help-centre and request-flow
  // providers in the signed-in frame's chunk and the map port and live connection code loaded on first use;
  // 160.3 / 160.3 / 169.0 kB with the deployment country's configuration read from index.html instead of
  // the table of every country, the vendors machine loaded with the first signed-in vendor user, React's own
  // store hook instead of use-sync-external-store's shim, and react-is and hoist-non-react-statics (behind
  // react-intl's unused injectIntl) left out; 160.4 / 160.4 / 166.2 kB with the public tracking map's code
  // loaded beside the order; 161.2 / 161.2 / 167.1 kB with the vendors machine back in the entry (loaded
  // later, it left a dispatcher's History showing the owner's Export panel until it ran); 160.4 / 160.4 / 166.4 kB
  // with it loaded after the pages again, now that a role not known yet is pending (domain/teams/vendorAccess.ts),
  // and the development brand switcher left out of production builds; 159.4 / 160.8 / 162.8 kB with the landing,
  // sign-in and maintenance screens lazy route chunks (each page carries its own screen only, started beside the
  // translations: src/app/firstScreen.ts; sign-in's form fields and submit machine, shared with the other forms,
  // are small chunks of their own, 0.4 kB more than in the entry), the app's modules and styled components that
  // nothing uses left out, and no preload lists naming the libraries the entry loads. (HTTP on the bare platform
  // fetch would save about 3 kB more, but ofetch is the chosen HTTP library and its retries and
  // timeouts would have to be written again by hand.) 153.2 / 154.6 / 156.5 kB with a terser pass after esbuild's
  // minification, the router, XState, styled-components and react-intl in one chunk, and stylis's vendor
  // prefixer (never switched on) left out (docs/decisions/0004-first-load.md). 152.8 / 154.2 / 156.1 kB with
  // react-intl's unused Formatted* components left out and no modulepreload polyfill (0004, session 18).
  // 151.8 / 153.3 / 155.2 kB with the signed-in screens' import() calls, and their preload lists, in a
  // small chunk of their own (src/app/signedIn/signedInScreens.ts; 0004, session 19). 151.45 / 152.88 / 154.83 kB
  // with no preload list naming only its own chunk (vite.config.ts's resolveDependencies; 0004, session 19).
  landing: 151.8 * 1024,
  'sign-in': 153.3 * 1024,
  'public tracking': 155.2 * 1024,
};
/** One chunk of any route's initial set (the map engines, about 1 MB each, are never in one). */
const MAX_CHUNK_BYTES = 120 * 1024;

/** Libraries only some pages need: never in the first JavaScript of the pages that do not. */
const LAZY_LIBRARIES: Record<string, RegExp> = {
  'phone metadata (libphonenumber-js)': /\/phone-[^/]+\.js$/,
  'time zones (js-joda)': /\/time-[^/]+\.js$/,
  'map engines': /maplibre|mapbox/,
  'the request flow': /RequestScreen/,
  'dialogs and menus (Radix)': /\/radix-[^/]+\.js$/,
  'the signed-in frame': /\/SignedInFrame-[^/]+\.js$/,
  // The map's own code (markers, framing, the view), loaded beside the order on public tracking.
  'the order map': /\/(OrderTrackingMap|MapView)-[^/]+\.js$/,
};

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

describe('initial JavaScript per route (gzip)', () => {
  const manifest = readManifest(DIST_DIR);
  const sizes = (route: BudgetRoute) => gzipSizes(DIST_DIR, initialJsFiles(manifest, route));

  it.each(Object.keys(ROUTE_SCREENS) as BudgetRoute[])('%s: every chunk under the per-chunk ceiling and no map engine', (route) => {
    const files = sizes(route);
    console.log(`${route}: ${kB(files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0))}\n${files.map(({ file, gzipBytes }) => `  ${kB(gzipBytes).padStart(9)}  ${file}`).join('\n')}`);
    expect(files.length).toBeGreaterThan(0);
    for (const { file, gzipBytes } of files) expect(gzipBytes, file).toBeLessThan(MAX_CHUNK_BYTES);
    expect(files.filter(({ file }) => LAZY_LIBRARIES['map engines']!.test(file))).toEqual([]);
  });

  it.each(PUBLIC_ROUTES)('%s: under the public-page ceiling (aim 150 kB)', (route) => {
    const total = sizes(route).reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
    const ceiling = MAX_PUBLIC_INITIAL_JS_BYTES[route];
    console.log(`${route}: ${kB(total)} (aim ${kB(PUBLIC_INITIAL_JS_AIM_BYTES)}, ceiling ${kB(ceiling)})`);
    expect(total).toBeLessThan(ceiling);
  });

  it.each(['landing', 'sign-in'] as const)('%s loads neither phone metadata, time zones, maps nor the request flow', (route) => {
    const files = initialJsFiles(manifest, route);
    for (const [library, pattern] of Object.entries(LAZY_LIBRARIES)) expect(files.filter((file) => pattern.test(file)), library).toEqual([]);
  });

  it('public tracking loads no phone metadata, request flow, dialogs, signed-in frame nor the order map', () => {
    const files = initialJsFiles(manifest, 'public tracking');
    for (const library of ['phone metadata (libphonenumber-js)', 'the request flow', 'dialogs and menus (Radix)', 'the signed-in frame', 'the order map'] as const) {
      expect(files.filter((file) => LAZY_LIBRARIES[library]!.test(file)), library).toEqual([]);
    }
  });

  it.each(PUBLIC_ROUTES)('%s: the feature-flag SDK (OpenFeature) loads beside the first flag answer, not before', (route) => {
    // A static import would fold it into the entry chunk, and the manifest would have no chunk for it.
    const sdkChunk = manifest['adapters/flags/openFeatureFlags.ts']?.file;
    expect(sdkChunk, 'a chunk of its own').toMatch(/\.js$/);
    expect(initialJsFiles(manifest, route)).not.toContain(sdkChunk);
  });

  it.each(PUBLIC_ROUTES)('%s: not the table of every country, a chunk of its own', (route) => {
    // The deployment's country comes from index.html (src/app/deploymentCountry.ts). Folded into the
    // entry, the table would have no chunk of its own.
    const countryTable = Object.values(manifest).find((chunk) => /\/countries-[^/]+\.js$/.test(chunk.file))?.file;
    expect(countryTable, 'a chunk of its own').toMatch(/\.js$/);
    expect(initialJsFiles(manifest, route)).not.toContain(countryTable);
  });

  it.each(PUBLIC_ROUTES)('%s: not the vendors machine, a chunk of its own', (route) => {
    // It loads with the first signed-in vendor user (src/app/vendors/VendorsRoot.tsx); pages wait for it,
    // as a role not known yet is pending (domain/teams/vendorAccess.ts). In the entry it has no chunk.
    const vendorsMachine = manifest['src/app/vendors/VendorsActor.tsx']?.file;
    expect(vendorsMachine, 'a chunk of its own').toMatch(/\.js$/);
    expect(initialJsFiles(manifest, route)).not.toContain(vendorsMachine);
  });

  it("the signed-in screens and frame are imported by their importers' chunk, not by the entry", () => {
    // Each import() carries its chunk's list of files to preload: in the entry, the signed-in pages' lists
    // were about 1 kB gzip of every public page's first JavaScript (src/app/signedIn/signedInScreens.ts).
    const importers = manifest['src/app/signedIn/signedInScreens.ts'];
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const signedInModules = ['src/app/signedIn/SignedInFrame.tsx', 'src/screens/request/RequestScreen.tsx', 'src/screens/tracking/OrderTrackingScreen.tsx', 'src/screens/history/HistoryScreen.tsx'];
    expect(importers?.file, 'a chunk of its own').toMatch(/\.js$/);
    expect(importers?.dynamicImports).toEqual(expect.arrayContaining(signedInModules));
    for (const module of signedInModules) expect(entry?.dynamicImports, module).not.toContain(module);
    for (const route of PUBLIC_ROUTES) expect(initialJsFiles(manifest, route), route).not.toContain(importers?.file);
  });

  it("the entry's preload table names no chunk whose only imports are the libraries the entry loads", () => {
    // Such a chunk's list would name only itself, which its import() fetches at once anyway: Vite writes
    // none for a chunk that imports nothing, and vite.config.ts's resolveDependencies none for these
    // (0004, session 19). The entry imports the libraries' chunks; its own modules need no preload.
    const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)!;
    const entryCode = readFileSync(join(DIST_DIR, entry.file), 'utf8');
    const loaded = new Set([entryKey, ...(entry.imports ?? [])]);
    // A chunk another lazy chunk imports stays named in that chunk's list.
    const importedByAnother = new Set((entry.dynamicImports ?? []).flatMap((key) => manifest[key]!.imports ?? []));
    const selfOnly = (entry.dynamicImports ?? [])
      .filter((key) => !importedByAnother.has(key))
      .map((key) => manifest[key]!)
      .filter((chunk) => (chunk.imports ?? []).every((key) => loaded.has(key)));
    expect(selfOnly.length).toBeGreaterThan(5);
    expect(selfOnly.filter((chunk) => entryCode.includes(`"${chunk.file}"`)).map((chunk) => chunk.file)).toEqual([]);
  });

  it.each(['landing', 'sign-in'] as const)('%s carries the account calls only: every other API area and jose are chunks of their own', (route) => {
    // The areas' modules (adapters/http/lazyApiClient.ts) and jose (read for a GoDroid token) must each
    // be a chunk of its own that the route does not load; folded into the entry, they would have no chunk.
    const lazyModules = [...Object.keys(manifest).filter((key) => key.startsWith('adapters/http/calls/') && !/\/(accountCalls|apiAreas|callHelpers)\.ts$/.test(key)), 'node_modules/jose/dist/webapi/index.js'];
    expect(lazyModules.length).toBeGreaterThan(12);
    const files = initialJsFiles(manifest, route);
    for (const key of lazyModules) expect(files, key).not.toContain(manifest[key]?.file ?? 'in the entry');
  });

  it.each(PUBLIC_ROUTES)('%s: only its own screen of landing and sign-in, each a chunk of its own', (route) => {
    // Folded into the entry, a screen would have no chunk of its own and every public page would carry it.
    const ownScreen: Record<(typeof PUBLIC_ROUTES)[number], string | undefined> = {
      landing: 'src/screens/landing/LandingScreen.tsx',
      'sign-in': 'src/screens/login/LoginScreen.tsx',
      'public tracking': undefined,
    };
    const files = initialJsFiles(manifest, route);
    for (const screen of ['src/screens/landing/LandingScreen.tsx', 'src/screens/login/LoginScreen.tsx']) {
      const screenChunk = manifest[screen]?.file;
      expect(screenChunk, `${screen}: a chunk of its own`).toMatch(/\.js$/);
      if (screen === ownScreen[route]) expect(files, screen).toContain(screenChunk);
      else expect(files, screen).not.toContain(screenChunk);
    }
  });

  it.each(PUBLIC_ROUTES)('%s: not the maintenance screen, a chunk of its own', (route) => {
    const maintenance = manifest['src/screens/maintenance/MaintenanceScreen.tsx']?.file;
    expect(maintenance, 'a chunk of its own').toMatch(/\.js$/);
    expect(initialJsFiles(manifest, route)).not.toContain(maintenance);
  });

  it('the request-a-rider route counts its screen chunk (the route list matches the build)', () => {
    const files = initialJsFiles(manifest, 'request a rider');
    expect(files.some((file) => /RequestScreen/.test(file))).toBe(true);
  });
});
