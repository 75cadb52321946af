// Builds the web app once before the end-to-end tests; the real server serves dist/.
import { execSync } from 'node:child_process';

export default function setup(): void {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
