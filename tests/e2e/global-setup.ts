// Builds the web app once before the end-to-end tests; the real server serves dist/.
import { execSync } from 'node:child_process';

export default function setup(): void {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle (dev-only brand
  // switcher, React's development build): the tests drive what `npm start` serves.
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
