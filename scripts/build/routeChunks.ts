// The JavaScript each page of the built app loads before it can show itself, read from Vite's
// manifest (dist/.vite/manifest.json): the entry and the chunks it imports, plus the page's lazy
// screen chunk and what that imports. The bundle budget test and `npm run bench:web` both use it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The pages the budget covers, each with the lazy modules its route loads (the signed-in screens' importers, layout, screen). */
export const ROUTE_SCREENS = {
  landing: ['src/screens/landing/LandingScreen.tsx'],
  'sign-in': ['src/screens/login/LoginScreen.tsx'],
  'public tracking': ['src/screens/tracking/RecipientTrackingScreen.tsx'],
  'request a rider': ['src/app/signedIn/signedInScreens.ts', 'src/app/signedIn/SignedInFrame.tsx', 'src/screens/request/RequestScreen.tsx'],
  'order tracking': ['src/app/signedIn/signedInScreens.ts', 'src/app/signedIn/SignedInFrame.tsx', 'src/screens/tracking/OrderTrackingScreen.tsx'],
} as const satisfies Record<string, readonly string[]>;
export type BudgetRoute = keyof typeof ROUTE_SCREENS;

/** Landing, sign-in and public tracking: what a phone opens first (issue "fast on a phone"). */
export const PUBLIC_ROUTES = ['landing', 'sign-in', 'public tracking'] as const satisfies readonly BudgetRoute[];
/** Aim for the initial JavaScript of the public pages, gzip. */
export const PUBLIC_INITIAL_JS_AIM_BYTES = 150 * 1024;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk files a manifest key loads up front: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The JavaScript files (relative to dist/) a route loads before it renders. */
export function initialJsFiles(manifest: Manifest, route: BudgetRoute): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (entry === undefined) throw new Error('the Vite manifest has no entry');
  const files = new Set<string>();
  staticClosure(manifest, entry, files);
  for (const screen of ROUTE_SCREENS[route]) staticClosure(manifest, screen, files);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Bytes of each file gzip-compressed (level 9, as the build's .gz copies). */
export function gzipSizes(distDir: string, files: readonly string[]): { file: string; gzipBytes: number }[] {
  return files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length }));
}
