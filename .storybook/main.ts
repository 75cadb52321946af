import type { StorybookConfig } from '@storybook/react-vite';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** `storybook build --test`: the build tests/e2e/storybook.e2e.ts plays every story in (not the published one). */
const TEST_BUILD = process.argv.includes('--test');

// The Flows pages (docs/qa.md): every machine's chart and page are drawn into flows-out/ before each
// Storybook start or build, so the build always holds a page per machine of the current code; the paths
// and transition coverage are those of the last `npm run flows` (the model tests), which the pages date.
execFileSync('npx', ['tsx', 'scripts/flows.ts', '--charts-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

// Storybook of every component and screen state (DESIGN.md stories/). Works offline: no telemetry,
// no version check, and the translations are the repo's own public/locales served as static files.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // public/ holds locales/*.json (fetched by the locale toolbar), the offline basemap and flags.json;
  // flows/ the Flows stories' pages.
  staticDirs: ['../public', { from: '../flows-out', to: '/flows' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  // Component docs read props from docgen; the test build shows no docs panel, and every story passes its
  // handlers explicitly (fn()), so it skips parsing each component (CPU of 4 paired test builds:
  // 82.8, 63.9, 66.9 s with docgen, 63.5, 69.8, 56.2 s without, on a shared machine).
  typescript: { reactDocgen: TEST_BUILD ? false : 'react-docgen' },
  // The highlight addon reads the computed style of every element of the page after each change to a
  // story's DOM, whether or not anything is highlighted: a seventh of the preview's CPU while the e2e
  // check plays the stories. Only addons draw highlights, and the test build has no panel to ask for one.
  features: { highlight: !TEST_BUILD },
  async viteFinal(viteConfig) {
    // The app's dev proxy points at the API server; stories talk to in-memory adapters only.
    return { ...viteConfig, server: { ...viteConfig.server, proxy: {} } };
  },
};

export default config;
