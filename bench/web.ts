// Web benchmark (`npm run bench:web`): Lighthouse 12, mobile preset with simulated throttling, over the
// pages a phone opens first (landing, sign-in, a recipient's public tracking page) and, signed in as
// the demo vendor, tracking and request a rider. Prints each page's performance score with FCP, LCP,
// TBT and CLS, and the JavaScript (gzip) the page loads before it shows itself, from the build's Vite
// manifest, next to the aims. A benchmark: the figures move with the machine's load; tests never time.
//   npm run bench:web            (builds dist/ first; BENCH_SKIP_BUILD=1 uses the dist/ there)
//   BENCH_RUNS=3 npm run bench:web   (median of three Lighthouse runs per page; BENCH_PAGES=landing,sign-in for some)
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_VENDORS } from '../server/db/seed';
import { gzipSizes, initialJsFiles, PUBLIC_INITIAL_JS_AIM_BYTES, readManifest, type BudgetRoute } from '../scripts/build/routeChunks';
import { CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { benchOrder } from './benchOrder';

const DIST_DIR = join(process.cwd(), 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const VENDOR = DEMO_VENDORS.saOlaya;

/** The flags Debian's Chromium needs here as root in a container (tests/e2e/support/browser.ts). */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'];

interface Page {
  name: string;
  route: BudgetRoute;
  path: string;
  signedIn: boolean;
  /** Performance score aimed at. */
  aim: number;
}

interface Figures { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface RunningChromium {
  port: number;
  /** Ends Chromium and resolves once its process has exited, so nothing writes to the profile after. */
  stop: () => Promise<void>;
}

/** Starts Chromium with a DevTools port on a profile of its own; answers the port. */
async function startChromium(profileDir: string): Promise<RunningChromium> {
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return { port, stop };
}

/**
 * Removes a scratch folder. Chromium's helpers (crash handler, GPU and utility processes) may still
 * flush a file into the profile for a moment after the browser process has gone, which makes a plain
 * recursive delete fail with ENOTEMPTY: fs.rm retries those errors with a growing delay.
 */
function removeScratch(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/**
 * Puts the signed-in session in the profile's localStorage, as the sign-in screen stores it, from a
 * page of the origin that loads none of the app (so the app's files are not cached before the run).
 */
async function signIn(port: number, origin: string, storage: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/version.json`);
    await page.evaluate((pairs) => { for (const [key, value] of pairs) window.localStorage.setItem(key, value); }, Object.entries(storage));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measure(port: number, url: string, signedIn: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // A signed-in page needs the stored session: Lighthouse would otherwise clear the origin's storage.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A page Lighthouse could not measure (no contentful paint, a page error) scores null: say why.
  if (runtimeError) console.warn(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  for (const id of ['largest-contentful-paint', 'first-contentful-paint']) {
    const audit = audits[id];
    if (audit?.errorMessage) console.warn(`${url}: ${id}: ${audit.errorMessage}`);
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    score: categories.performance?.score ?? Number.NaN,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(join(DIST_DIR, '.vite', 'manifest.json'))) {
    execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const manifest = readManifest(DIST_DIR);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-chromium-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', COURIER_SIM_SPEED: '0', DIST_DIR });
  const app = await buildApp(config, { logger: false, tenantQuota: false });
  let browser: RunningChromium | null = null;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP port');
    const origin = `http://127.0.0.1:${address.port}`;
    config.publicUrl = origin;
    const api = `${origin}/orders/api/v1`;

    // One order of the demo vendor, for the recipient's tracking page and the vendor's tracking list.
    const { headers, createBody } = await benchOrder(api, VENDOR);
    const created = (await (await fetch(`${api}/order`, { method: 'POST', headers, body: createBody })).json()) as { result: { order_id: string } };
    const orderId = created.result.order_id;
    const order = (await (await fetch(`${api}/order?vendorId=${VENDOR}&orderId=${encodeURIComponent(orderId)}`, { headers })).json()) as { result: { tracking_token: string } };
    const login = (await (await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: DEMO_ACCOUNTS.vendor.email, password: DEMO_PASSWORD }) })).json()) as { result: { user: unknown; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number } };
    const session = {
      'portal.auth-user': JSON.stringify(login.result.user),
      'portal.auth-meta': JSON.stringify({ AccessToken: login.result.AccessToken, IdToken: login.result.IdToken, RefreshToken: login.result.RefreshToken, Expires: login.result.Expires }),
    };

    const pages: Page[] = [
      { name: 'landing', route: 'landing', path: '/', signedIn: false, aim: 0.95 },
      { name: 'sign-in', route: 'sign-in', path: '/connect', signedIn: false, aim: 0.95 },
      { name: 'public tracking', route: 'public tracking', path: `/tracking/${encodeURIComponent(orderId)}?t=${encodeURIComponent(order.result.tracking_token)}`, signedIn: false, aim: 0.95 },
      { name: 'tracking (signed in)', route: 'order tracking', path: '/order-tracking', signedIn: true, aim: 0.9 },
      { name: 'request a rider (signed in)', route: 'request a rider', path: '/request-a-rider', signedIn: true, aim: 0.9 },
    ];

    browser = await startChromium(profileDir);
    const rows: string[] = [];
    // BENCH_PAGES="landing,sign-in" measures some pages only.
    const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
    for (const page of pages.filter(({ name }) => !only || only.includes(name))) {
      if (page.signedIn) await signIn(browser.port, origin, session);
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(browser.port, `${origin}${page.path}`, page.signedIn));
      const pick = (field: keyof Figures) => median(runs.map((figures) => figures[field]));
      const jsBytes = gzipSizes(DIST_DIR, initialJsFiles(manifest, page.route)).reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
      const jsAim = page.signedIn ? '-' : `<= ${(PUBLIC_INITIAL_JS_AIM_BYTES / 1024).toFixed(0)}`;
      rows.push([
        page.name.padEnd(28),
        pick('score').toFixed(2).padStart(5), `>= ${page.aim.toFixed(2)}`.padStart(7),
        (pick('fcpMs') / 1000).toFixed(1).padStart(6), (pick('lcpMs') / 1000).toFixed(1).padStart(6),
        pick('tbtMs').toFixed(0).padStart(6), pick('cls').toFixed(3).padStart(6),
        (jsBytes / 1024).toFixed(1).padStart(8), jsAim.padStart(7),
      ].join(' | '));
    }
    console.log(`\nLighthouse 12, mobile preset, simulated throttling; median of ${RUNS} run(s) per page\n`);
    console.log(`${'page'.padEnd(28)} | score |     aim |  FCP s |  LCP s | TBT ms |    CLS | JS kB gz |     aim`);
    for (const row of rows) console.log(row);
    console.log('\nJS kB gz: the JavaScript the page loads before it shows itself (entry, its imports and the page\'s screen chunk), gzip level 9.');
  } finally {
    await browser?.stop();
    await app.close();
    await removeScratch(dataDir);
    await removeScratch(profileDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
