// What a map page costs the browser (issues 23 and 24, docs/decisions/0001-maps.md): the real server
// serving dist/ (build it first with `npx vite build`), Debian's Chromium as the e2e files drive it, and
// BENCH_LOADS loads of the request page (signed in, Al Malaz chosen as the drop-off, until the map is
// drawn with its place names). Prints the CPU seconds of each load, read from /proc for every Chromium
// process and thread (the maplibre worker, the compositor and the GPU process included) plus this
// process (the server and the driver), the mean per thread, and the bytes the page downloaded.
// Wall time is noise on a shared machine; CPU is what to compare, before and after, several runs each.
//   BENCH_LOADS=4 npx tsx bench/mapPage.ts
//   BENCH_DIST_DIR=<folder>    another build
//   BENCH_MAP=no-map           the maplibre chunks refused (the page without its map)
//   BENCH_MAP=empty-basemap    the basemap's data left out (the map engine without the data): both tile archives
//                              refused; empty-places (places.pmtiles), empty-tiles (basemap.pmtiles): one of them
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startServer } from '../tests/server/harness';
import { chooseAddress } from '../tests/e2e/request-flow';
import { DESKTOP, launchBrowser, PHONE } from '../tests/e2e/support/browser';
import { signedInStorage } from '../tests/e2e/support/session';

const LOADS = Number(process.env.BENCH_LOADS ?? 4);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? join(process.cwd(), 'dist');
const MODE = process.env.BENCH_MAP ?? 'full';
const VIEWPORT = process.env.BENCH_VIEWPORT === 'phone' ? PHONE : DESKTOP;
/** Linux reports task times in clock ticks of 1/100 s. */
const TICKS_PER_S = 100;

interface ThreadTime {
  label: string;
  seconds: number;
}

/** Every process started by this one, children of children included. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the folder was read.
    }
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** Chromium's process type from its command line (a zygote child's arguments are joined by spaces). */
function processType(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
    const service = args.find((arg) => arg.startsWith('--utility-sub-type='))?.split('.').pop();
    return service ? `${type}:${service}` : type;
  } catch {
    return 'ended';
  }
}

/** CPU seconds so far of every thread of every child process, keyed by pid/tid. */
function threadTimes(): Map<string, ThreadTime> {
  const times = new Map<string, ThreadTime>();
  for (const pid of descendants(process.pid)) {
    const type = processType(pid);
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        times.set(`${pid}/${tid}`, { label: `${type} ${name}`, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S });
      } catch {
        // The thread ended while it was read.
      }
    }
  }
  return times;
}

/** CPU seconds per thread label between two readings (threads started in between count from zero). */
function spent(before: Map<string, ThreadTime>, after: Map<string, ThreadTime>): Map<string, number> {
  const byLabel = new Map<string, number>();
  for (const [key, { label, seconds }] of after) {
    const delta = seconds - (before.get(key)?.seconds ?? 0);
    if (delta > 0) byLabel.set(label, (byLabel.get(label) ?? 0) + delta);
  }
  return byLabel;
}

async function applyMode(page: Page): Promise<void> {
  if (MODE === 'no-map') await page.route(/\/assets\/maplibre/, (route) => route.abort());
  if (MODE === 'empty-basemap' || MODE === 'empty-places') await page.route(/\/basemap\/places\.pmtiles$/, (route) => route.abort());
  // Without the land's archive the map draws only the water behind the places.
  if (MODE === 'empty-basemap' || MODE === 'empty-tiles') await page.route(/\/basemap\/basemap\.pmtiles$/, (route) => route.abort());
}

/** The request page until its map is drawn with its names (or, without a map, until the fee shows). */
async function loadRequestPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/request-a-rider/sa-1000`);
  await chooseAddress(page, 'Customer address', 'Malaz', /./);
  await page.getByTestId('delivery-fee').waitFor();
  if (MODE === 'no-map') return;
  const figure = page.getByTestId('map-canvas').first().locator('..');
  await figure.locator('.maplibregl-canvas').waitFor();
  await figure.locator('[data-testid="map-skeleton"]').waitFor({ state: 'detached' });
  if (MODE !== 'empty-basemap' && MODE !== 'empty-places') await figure.locator('.map-place-label').first().waitFor();
}

async function main(): Promise<string> {
  const [server, browser] = await Promise.all([startServer({ DIST_DIR }), launchBrowser()]);
  const storage = await signedInStorage(server, 'vendor@example.com', { locale: process.env.BENCH_LOCALE });
  const perThread = new Map<string, number>();
  const perLoad: number[] = [];
  let downloaded = 0;
  for (let load = 0; load < LOADS; load += 1) {
    const serverBefore = process.cpuUsage();
    const before = threadTimes();
    const { context, page } = await browser.newPage({ viewport: VIEWPORT, storage });
    await applyMode(page);
    let bytes = 0;
    page.on('response', (response) => void response.body().then((body) => (bytes += body.length), () => undefined));
    await loadRequestPage(page, server.baseUrl);
    const byThread = spent(before, threadTimes());
    const serverCpu = process.cpuUsage(serverBefore);
    byThread.set('node (server and driver)', (serverCpu.user + serverCpu.system) / 1e6);
    await context.close();
    perLoad.push([...byThread.values()].reduce((sum, seconds) => sum + seconds, 0));
    // The first load also starts the browser's own services: the mean counts the loads after it.
    if (load > 0 || LOADS === 1) for (const [label, seconds] of byThread) perThread.set(label, (perThread.get(label) ?? 0) + seconds);
    downloaded = bytes;
  }
  const counted = Math.max(1, LOADS - 1);
  const mean = perLoad.slice(LOADS > 1 ? 1 : 0).reduce((sum, seconds) => sum + seconds, 0) / counted;
  const lines = [`request page, ${MODE}, ${VIEWPORT.name}: CPU per load ${perLoad.map((s) => s.toFixed(2)).join(', ')} s; mean after the first ${mean.toFixed(2)} s; ${(downloaded / 1024).toFixed(0)} KiB downloaded`];
  for (const [label, seconds] of [...perThread].sort((a, b) => b[1] - a[1])) {
    if (seconds / counted >= 0.03) lines.push(`  ${(seconds / counted).toFixed(2).padStart(6)} s  ${label}`);
  }
  await browser.close();
  await server.stop();
  return `${lines.join('\n')}\n`;
}

// The server leaves timers behind: exit once the figures are written (a pipe is written asynchronously).
main().then(
  (text) => process.stdout.write(text, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
