import type { StorybookConfig } from '@storybook/react-vite';

// Storybook of every component and screen state (DESIGN.md stories/). Works offline: no telemetry,
// no version check, and the translations are the repo's own public/locales served as static files.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // public/ holds locales/*.json (fetched by the locale toolbar), the offline basemap and flags.json.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    // The app's dev proxy points at the API server; stories talk to in-memory adapters only.
    return { ...viteConfig, server: { ...viteConfig.server, proxy: {} } };
  },
};

export default config;
