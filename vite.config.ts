import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app. In development the API runs separately (npm run dev starts both) and Vite proxies to it.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
