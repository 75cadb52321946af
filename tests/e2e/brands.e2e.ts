// Every brand and five locales on the request and tracking pages, in a real Chromium against the real
// server (issue 9), so a reviewer can look: PNGs under test-results/brands/. A deployment's brand comes
// from its host name (src/theme/chooseBrand.ts), so each brand is one `<brand>.localhost` origin of the
// same server; its country (and so its languages) is the one index.html names (VITE_COUNTRY at build
// time), so the locales other than the reference build's are shot on copies of dist/ naming their countries.
// One page load per brand, and per language for both widths, serves both screens: the tracking screen
// is reached from the request screen through the app's router, as its menu does, and the phone width by
// resizing the window (the layout is CSS only), not by loading the app again.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_KEYS, BRANDS, type BrandKey } from '../../domain/brands';
import { COUNTRY_CODES, countryConfig, REFERENCE_COUNTRY_CODE } from '../../domain/countries';
import { isRtl, type Locale } from '../../domain/locales';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { withDeploymentCountry } from '../../src/app/deploymentCountry';
import { toBcp47 } from '../../src/i18n/bcp47';
import { BRAND_THEMES } from '../../src/theme/brands';
import { chooseBrand } from '../../src/theme/chooseBrand';
import { startServer, type TestServer } from '../server/harness';
import { placeOrder, SA_PARENT } from '../server/orders-fixtures';
import { DESKTOP, PHONE, launchBrowser, type LaunchedBrowser, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { routeInApp } from './support/routeInApp';
import { distDir } from './support/e2eServer';

const DIST_DIR = distDir();
const SHOTS_DIR = join(process.cwd(), 'test-results', 'brands');
const REFERENCE_BRAND = countryConfig(REFERENCE_COUNTRY_CODE).brand;
const LOCALES: readonly Locale[] = ['ar-SA', 'ur', 'th_TH', 'ja', 'el'];

/** The host-name fragment chooseBrand recognises for each brand. */
const BRAND_HOSTS: Record<BrandKey, string> = {
  TALABAT: 'talabat',
  FOODPANDA: 'foodpanda',
  FOODORA: 'foodora',
  PANDASEND: 'pandasend',
  HUNGER_STATION: 'hungerstation',
  EFOOD: 'efood',
  FOODY: 'foody',
  GLOVO: 'glovo',
};

const english = readCatalogue('en');
let browser: LaunchedBrowser;
/** The reference country's server, shared by every brand (host names of one server). */
let server: TestServer;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  [browser, server] = await Promise.all([launchBrowser(), startServer({ DIST_DIR })]);
  await placeOrder(server, await server.login('vendor@example.com'), SA_PARENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The first country whose deployment offers the locale; the reference country when it does. */
function countryFor(locale: Locale): string {
  if (countryConfig(REFERENCE_COUNTRY_CODE).languages.includes(locale)) return REFERENCE_COUNTRY_CODE;
  const code = COUNTRY_CODES.find((candidate) => countryConfig(candidate).languages.includes(locale));
  if (code === undefined) throw new Error(`No country offers ${locale}`);
  return code;
}

/** The production bundle for a country: the given dist/ for the reference country, else a copy of it
 * whose index.html names the country, as a build with VITE_COUNTRY writes it (the scripts are the
 * same for every country: src/app/deploymentCountry.ts). */
function bundleFor(country: string): string {
  if (country === REFERENCE_COUNTRY_CODE) return DIST_DIR;
  const outDir = join(SHOTS_DIR, `dist-${country}`);
  rmSync(outDir, { recursive: true, force: true });
  cpSync(DIST_DIR, outDir, { recursive: true });
  const indexHtml = join(outDir, 'index.html');
  writeFileSync(indexHtml, withDeploymentCountry(readFileSync(indexHtml, 'utf8'), country));
  return outDir;
}

async function signedInPage(server: TestServer, options: { viewport: Viewport; locale?: Locale }): Promise<Page> {
  const storage = await signedInStorage(server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  const { page } = await browser.newPage({ viewport: options.viewport, storage });
  return page;
}

/** `rgb(r, g, b)` as getComputedStyle reports a `#rrggbb` colour. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

type Screen = 'request' | 'tracking';

/** The request screen is loaded from the origin the first time (`load`), then, like the tracking
 * screen, opened through the app's router. */
async function open(page: Page, origin: string, screen: Screen, load = false): Promise<void> {
  if (screen === 'request') {
    if (load) await page.goto(`${origin}/request-a-rider/${SA_PARENT}`);
    else await routeInApp(page, `/request-a-rider/${SA_PARENT}`);
    await page.locator('main h1').first().waitFor();
  } else {
    await routeInApp(page, `/order-tracking/${SA_PARENT}`);
    await page.locator('[data-live="connected"]').waitFor();
    await page.locator('[data-list] [data-order-id]').first().waitFor();
  }
  // Fonts and the map's first tiles, so the picture is what a user sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

/** What every shot must show: the locale's lang and dir, the brand's name, its primary colour on a
 * button, and (outside English) the locale's own words. */
async function expectBrandAndLocale(page: Page, brand: BrandKey, locale: Locale): Promise<void> {
  const documentAttributes = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  expect(documentAttributes).toEqual({ lang: toBcp47(locale), dir: isRtl(locale) ? 'rtl' : 'ltr' });

  // The wordmark shows the product name and is named by it.
  const { productName } = BRANDS[brand];
  await expect.poll(() => page.getByRole('img', { name: productName }).first().isVisible()).toBe(true);
  expect(await page.getByRole('img', { name: productName }).first().textContent()).toBe(productName);

  const catalogue = readCatalogue(locale);
  const helpLabel = catalogue['nav.help-centre'];
  expect(helpLabel).toBeDefined();
  if (locale !== 'en') expect(helpLabel).not.toBe(english['nav.help-centre']);
  // The help-centre button is on every signed-in page at every width, labelled in the locale and
  // filled with the brand's primary colour.
  const help = page.getByRole('button', { name: helpLabel, exact: true });
  await help.waitFor();
  expect(await help.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgbOf(BRAND_THEMES[brand].colors.primary));

  // Long translations wrap: the page never scrolls sideways (Greek once widened the top bar).
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

describe('every brand in English at 1440 px', () => {
  it.each(BRAND_KEYS)('%s is chosen by its host name and drawn in its colours', async (brand) => {
    const host = `${BRAND_HOSTS[brand]}.localhost`;
    expect(chooseBrand({ hostname: host, countryBrand: REFERENCE_BRAND })).toBe(brand);
    const origin = `http://${host}:${new URL(server.baseUrl).port}`;
    const page = await signedInPage(server, { viewport: DESKTOP, locale: 'en' });
    for (const screen of ['request', 'tracking'] as const) {
      await open(page, origin, screen, screen === 'request');
      await expectBrandAndLocale(page, brand, 'en');
      await shoot(page, `${screen}-${brand}-en-${DESKTOP.width}`);
    }
    await page.close();
  });
});

describe(`five locales in the reference brand (${REFERENCE_BRAND}) at 1440 and 375 px`, () => {
  it.each(LOCALES)('%s', async (locale) => {
    const country = countryFor(locale);
    // The reference country's locales on the shared server; another country's on a server of its own.
    const countryServer = country === REFERENCE_COUNTRY_CODE ? server : await startServer({ DIST_DIR: bundleFor(country) });
    try {
      if (countryServer !== server) await placeOrder(countryServer, await countryServer.login('vendor@example.com'), SA_PARENT);
      // The reference brand's host name, whichever country the bundle was built for.
      const origin = `http://${BRAND_HOSTS[REFERENCE_BRAND]}.localhost:${new URL(countryServer.baseUrl).port}`;
      const page = await signedInPage(countryServer, { viewport: DESKTOP, locale });
      for (const viewport of [DESKTOP, PHONE]) {
        if (viewport !== DESKTOP) await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const screen of ['request', 'tracking'] as const) {
          await open(page, origin, screen, viewport === DESKTOP && screen === 'request');
          await expectBrandAndLocale(page, REFERENCE_BRAND, locale);
          await shoot(page, `${screen}-${REFERENCE_BRAND}-${locale}-${viewport.width}`);
        }
      }
      await page.close();
    } finally {
      if (countryServer !== server) await countryServer.stop();
    }
  }, 600_000);
});
