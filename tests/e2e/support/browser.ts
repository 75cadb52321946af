// Launches Debian's Chromium through playwright-core with the flags this machine needs.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { recordPageEvents } from './failureEvidence';
import { PagePool } from './pagePool';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's chromium-headless-shell: the same Blink and V8 without the desktop browser around them. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH when set, else the headless shell when it is
 * installed (`scripts/ensure-chromium.mjs` installs it), else Chromium itself. The headless shell is
 * what Playwright itself runs headless tests in; here it loaded the same pages for about 40 % less CPU
 * than `chromium --headless` (33.5-34.9 s against 56.0-62.3 s for the same 16 page loads, two rounds).
 * Lighthouse (bench/web.ts) keeps the full browser through CHROMIUM_PATH.
 */
export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export interface Viewport {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
}
export const PHONE: Viewport = { name: 'phone', width: 375, height: 812 };
export const DESKTOP: Viewport = { name: 'desktop', width: 1440, height: 900 };

export interface LaunchedBrowser {
  browser: Browser;
  /** Where `newPage` takes its pages from; the e2e harness hands a test's pages back after it. */
  pages: PagePool;
  /** A page at `viewport` (desktop) in `locale` (en-US), with `storage` in its localStorage on every load:
   * a new one, or one an earlier test of the file handed back clean (pagePool.ts). */
  newPage(opts?: { viewport?: Viewport; locale?: string; storage?: Record<string, string> }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

// Playwright gives every launch a fresh temporary profile itself (it refuses --user-data-dir).
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-unsafe-swiftshader',
      // V8's interpreter and baseline compiler only: a test page lives seconds, too short for Maglev's and
      // TurboFan's optimised code to repay its compiling on the renderer's thread pool (the README's Tests).
      '--js-flags=--no-opt --no-maglev',
    ],
  });
  // Every context records its pages' events for a failure report (failureEvidence.ts).
  onEveryContext(browser, recordPageEvents);
  const loads = process.env.E2E_COUNT_LOADS ? countPageLoads(browser) : undefined;
  const pages = new PagePool(browser, { timezoneId: 'Asia/Dubai' });
  return {
    browser,
    pages,
    newPage(opts = {}) {
      return pages.take({ viewport: opts.viewport ?? DESKTOP, locale: opts.locale ?? 'en-US', storage: opts.storage });
    },
    async close() {
      if (loads) console.log(`E2E page loads: ${loads.count}`);
      await pages.close();
      await browser.close();
    },
  };
}

/** Calls `use` with every context the browser opens, also those a test file opens itself with
 * `browser.newContext` (the harness's `newPage` opens its contexts the same way). */
function onEveryContext(browser: Browser, use: (context: BrowserContext) => void): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    use(context);
    return context;
  };
}

/**
 * E2E_COUNT_LOADS=1: counts the full page loads (the load event of a page's document: gotos, reloads,
 * redirects through the server, new pages) in every context the browser opens, printed when the file's
 * browser closes. A load costs seconds of CPU, a route change inside the app a fraction of that, so
 * this is the figure to watch when making an e2e file cheaper.
 */
function countPageLoads(browser: Browser): { count: number } {
  const loads = { count: 0 };
  onEveryContext(browser, (context) => context.on('page', (page) => page.on('load', () => loads.count++)));
  return loads;
}

/** Saves a screenshot under test-results/screenshots so a reviewer can look. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Cosmetic, so a page that is just navigating (its script context gone) is captured as it is.
  const pinned = await page.evaluate(pinBottomFixedToPageEnd).catch(() => false);
  await page.screenshot({ path, fullPage: true, style: pinned ? PINNED_STYLE : undefined });
  if (pinned) await page.evaluate(unpinBottomFixed).catch(() => undefined);
  return path;
}

const PINNED = 'data-e2e-pinned';
/** Moves the marked fixed parts down by the page's overflow without changing the layout. */
const PINNED_STYLE = `[${PINNED}] { translate: 0 var(--e2e-page-overflow) !important; }`;

/**
 * Scrolls to the top (a full-page capture draws sticky parts, the top bar, where the page was
 * scrolled to) and marks the fixed parts anchored to the bottom of the window (the help-centre
 * button, toasts), so the capture draws them at the bottom of the page, where a reader scrolled to the
 * end sees them: a full-page capture keeps the window's height for fixed parts, which drew them in the
 * middle of long pages. Nothing moves while a dialog, drawer or menu is open: it and its overlay are
 * drawn over the top of the page, and a tall one reaches the window's bottom too.
 * Runs in the page (so it names the attribute itself); true when something was marked.
 */
function pinBottomFixedToPageEnd(): boolean {
  window.scrollTo(0, 0);
  const overflow = document.documentElement.scrollHeight - window.innerHeight;
  if (overflow <= 0 || document.querySelector('[role="dialog"], [role="alertdialog"]')) return false;
  let marked = false;
  for (const element of document.body.querySelectorAll('*')) {
    if (getComputedStyle(element).position !== 'fixed') continue;
    const box = element.getBoundingClientRect();
    if (box.top > 0 && window.innerHeight - box.bottom < window.innerHeight / 4) {
      element.setAttribute('data-e2e-pinned', '');
      marked = true;
    }
  }
  document.documentElement.style.setProperty('--e2e-page-overflow', `${overflow}px`);
  return marked;
}

function unpinBottomFixed(): void {
  for (const element of document.querySelectorAll('[data-e2e-pinned]')) element.removeAttribute('data-e2e-pinned');
  document.documentElement.style.removeProperty('--e2e-page-overflow');
}
