import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { withDeploymentCountry } from './src/app/deploymentCountry';
import { compileCatalogueDirectory } from './scripts/build/compileCatalogues';
import { precompressDirectory } from './scripts/build/precompress';
import { terseDirectory } from './scripts/build/terserPass';
import { isSideEffectFreeAppModule } from './scripts/build/sideEffectFreeAppCode';

// The web app. In development the API runs separately (npm run dev starts both) and Vite proxies to it.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

/**
 * Writes dist/version.json with an id unique to this build, replacing public/version.json's
 * "development": the app compares the id it started with against the served one every 5 minutes and
 * reloads when a deploy changed it (SPEC §2 outdated-build check).
 */
function buildIdFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-build-id',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      writeFileSync(resolve(outDir, 'version.json'), `${JSON.stringify({ build_id: randomUUID() })}\n`);
    },
  };
}

/** Writes VITE_COUNTRY into index.html as a JSON script element, where the app reads it (src/app/deploymentCountry.ts). */
function deploymentCountryScript(): Plugin {
  let country: string | undefined;
  return {
    name: 'portal-deployment-country',
    configResolved(config) {
      country = (config.env as Record<string, string | undefined>).VITE_COUNTRY;
    },
    transformIndexHtml(html) {
      return withDeploymentCountry(html, country);
    },
  };
}

/**
 * The app's production build formats messages without react-intl's message parser (about 8 kB gzip of
 * every page's first JavaScript, and the parsing of each message on first use): the catalogues it
 * copies to dist/locales are written as parsed syntax trees (scripts/build/compileCatalogues.ts), and
 * the parser module is swapped for formatjs's parser-less build. Development and Storybook serve the
 * text catalogues of public/locales, so they keep the parser.
 */
function precompiledMessages(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompiled-messages',
    apply: (_config, { command }) => command === 'build' && process.env.STORYBOOK !== 'true',
    config: () => ({
      resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }] },
    }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      this.info(`compiled ${compileCatalogueDirectory(resolve(outDir, 'locales'))} translation catalogues`);
    },
  };
}

/**
 * A terser pass over the written chunks, after esbuild's minification (scripts/build/terserPass.ts).
 * In writeBundle, so the compressed copies made at closeBundle are of the final files. The app's
 * build only: Storybook's is not shipped.
 */
function secondMinification(): Plugin {
  let assetsDir = 'dist/assets';
  return {
    name: 'portal-terser-pass',
    apply: (_config, { command }) => command === 'build' && process.env.STORYBOOK !== 'true',
    enforce: 'post',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      const { files, bytesBefore, bytesAfter } = await terseDirectory(assetsDir);
      this.info(`terser pass over ${files} chunks: ${(bytesBefore / 1024).toFixed(0)} kB → ${(bytesAfter / 1024).toFixed(0)} kB`);
    },
  };
}

/** Brotli and gzip copies of the build's text files, which the server sends as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    // What the server sends pre-compressed is the app; Storybook's static build is served plain (and
    // compressing it raced Storybook's own copy of public/ into the output).
    apply: (_config, { command }) => command === 'build' && process.env.STORYBOOK !== 'true',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDirectory(outDir);
      this.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB brotli`);
    },
  };
}

/**
 * Libraries in long-cached chunks of their own: a deploy that changes only app code
 * leaves them in the browser's cache, and the browser fetches them in parallel (modulepreload).
 * The map libraries are not listed: they stay in the lazily imported map chunks.
 */
const VENDOR_CHUNKS: readonly (readonly [chunk: string, packages: RegExp])[] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-is)\//],
  // The other libraries every page loads, in one chunk: gzip finds more repeats in one file than in
  // four, and no names pass between them (1.4 kB less than four chunks, docs/decisions/0004-first-load.md).
  // The router only: @tanstack/react-virtual goes with the lists that use it.
  ['libs', /\/node_modules\/@tanstack\/(react-router|router-core|history|store|react-store)\//],
  ['libs', /\/node_modules\/(@formatjs\/[^/]+|intl-messageformat|react-intl)\//],
  ['libs', /\/node_modules\/(xstate|@xstate\/[^/]+)\//],
  ['libs', /\/node_modules\/(styled-components|stylis|@emotion\/[^/]+)\//],
  ['time', /\/node_modules\/@js-joda\/|\/domain\/tzdata\.generated\.json$/],
  ['phone', /\/node_modules\/libphonenumber-js\//],
  // Dialogs and menus with their positioning and focus code: loaded with the first one opened (the
  // public pages open theirs from a plain button, src/shell/LanguageMenu.tsx).
  ['radix', /\/node_modules\/(@radix-ui\/[^/]+|@floating-ui\/[^/]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es)\//],
];

/**
 * The libraries' chunks the entry imports, loaded before any lazy chunk is asked for: a lazy chunk's
 * list of files to preload leaves them out (about 40 lists in the entry, each naming them again).
 */
const LOADED_BY_THE_ENTRY = /^assets\/(react|libs)-[\w-]+\.js$/;

function vendorChunk(id: string): string | undefined {
  return VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0];
}

/**
 * domain/ is pure (DESIGN.md): importing one of its files runs nothing but declarations, so a page
 * that imports one rule through the domain barrel does not get every other rule and its libraries
 * (js-joda, libphonenumber-js). The one exception registers the countries' time zones with js-joda.
 */
function hasImportSideEffects(id: string): boolean {
  if (SIDE_EFFECT_FREE_LIBRARIES.test(id)) return false;
  if (id.startsWith(APP_ROOT) && isSideEffectFreeAppModule(id.slice(APP_ROOT.length))) return false;
  return !/\/domain\/.+\.tsx?$/.test(id) || id.endsWith('/domain/timeZones.ts');
}

const APP_ROOT = fileURLToPath(new URL('./', import.meta.url));

/**
 * CommonJS libraries that only define what they export, which Rollup cannot tell of CommonJS: react-intl's
 * injectIntl (unused here) imports hoist-non-react-statics and with it react-is, about 1 kB gzip of
 * every page's first JavaScript, kept only because they might have side effects.
 */
const SIDE_EFFECT_FREE_LIBRARIES = /\/node_modules\/(hoist-non-react-statics|react-is)\//;

/**
 * styled-components' factories only make a component or a style from their arguments: a styled component
 * nothing renders (a module's unused export, a branch the production build drops) is left out.
 */
const STYLE_FACTORIES = ['styled', 'css', 'keyframes', 'createGlobalStyle'];

/**
 * react-intl's index makes its Formatted* date, number, list and display-name components at load time;
 * the app renders none of them (it formats through useIntl), so they are left out when unused.
 */
const INTL_COMPONENT_FACTORIES = ['createFormattedComponent', 'createFormattedDateTimePartsComponent'];

/** styled-components' stylis without the vendor prefixer it never runs here (src/theme/stylisWithoutPrefixer.ts). */
function stylisWithoutPrefixer(): Plugin {
  const replacement = fileURLToPath(new URL('./src/theme/stylisWithoutPrefixer.ts', import.meta.url));
  return {
    name: 'portal-stylis-without-prefixer',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'stylis' && importer?.includes('/node_modules/styled-components/') ? replacement : null;
    },
  };
}

/**
 * @xstate/react and the router import use-sync-external-store's shim, written for React before 18. The
 * selector half resolves to the package's React 18 entry; the plain hook to a module re-exporting React's
 * own (src/app/reactSyncExternalStore.ts), since the package's main entry warns in development builds.
 */
const REACT_18_STORE_HOOKS = [
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/app/reactSyncExternalStore.ts', import.meta.url)) },
];

export default defineConfig({
  plugins: [react(), stylisWithoutPrefixer(), buildIdFile(), deploymentCountryScript(), precompiledMessages(), secondMinification(), precompress()],
  resolve: { alias: REACT_18_STORE_HOOKS },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (tests/e2e/bundle-budget.e2e.ts, bench/web.ts).
    manifest: true,
    // Only the lazily loaded map engines come near this (mapbox-gl is 1.9 MB); the chunks every page
    // loads have their own budget per route in tests/e2e/bundle-budget.e2e.ts.
    chunkSizeWarningLimit: 2000,
    modulePreload: {
      // Every browser the build targets but Safari 16 preloads modules itself; there, without Vite's
      // polyfill (0.25 kB gzip of every page's first JavaScript), a lazy chunk's imports load after it.
      polyfill: false,
      resolveDependencies: (file, deps) => {
        const own = deps.filter((dep) => !LOADED_BY_THE_ENTRY.test(dep));
        // A list naming only the chunk itself preloads nothing its import() does not fetch at once: Vite
        // writes none for a chunk with no other import, and now none either when its others are the libraries'.
        return own.length === 1 && own[0] === file ? [] : own;
      },
    },
    rollupOptions: { output: { manualChunks: vendorChunk }, treeshake: { moduleSideEffects: hasImportSideEffects, manualPureFunctions: [...STYLE_FACTORIES, ...INTL_COMPONENT_FACTORIES] } },
  },
  server: {
    proxy: {
      '/orders': apiTarget,
      '/hurrier': apiTarget,
      '/ws': { target: apiTarget, ws: true },
      '/flags': apiTarget,
      '/help-centre-service': apiTarget,
      '/ops': apiTarget,
      '/client-config': apiTarget,
      '/api-docs': apiTarget,
    },
  },
});
