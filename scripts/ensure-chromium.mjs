// The end-to-end tests drive Debian's Chromium (no browser downloads are possible here).
// Installs it with apt-get when missing and we are root; otherwise says how to.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it: sudo apt-get install -y chromium fonts-noto-core`);
  process.exit(1);
}
console.log('Installing Debian Chromium for the end-to-end tests (once)...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-dejavu-core', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
