// The end-to-end tests drive Debian's Chromium (no browser downloads are possible here).
// Installs it with apt-get when missing and we are root; otherwise says how to.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The end-to-end tests run in the headless shell when it is there (tests/e2e/support/browser.ts): the
// same engine for about 40 % less CPU. Chromium itself stays for Lighthouse and Storybook's checks.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
if (existsSync(CHROMIUM) && (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  if (existsSync(CHROMIUM)) {
    console.warn('chromium-headless-shell is not installed: the end-to-end tests use Chromium (slower). sudo apt-get install -y chromium-headless-shell');
    process.exit(0);
  }
  console.error(`Chromium not found at ${CHROMIUM}. Install it: sudo apt-get install -y chromium chromium-headless-shell fonts-noto-core`);
  process.exit(1);
}
console.log('Installing Debian Chromium and its headless shell for the end-to-end tests (once)...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-core fonts-dejavu-core', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
