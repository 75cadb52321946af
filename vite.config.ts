import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), buildIdFile()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: {
      '/orders': apiTarget,
      '/hurrier': apiTarget,
      '/ws': { target: apiTarget, ws: true },
      '/flags': apiTarget,
      '/help-centre-service': apiTarget,
      '/ops': apiTarget,
    },
  },
});
