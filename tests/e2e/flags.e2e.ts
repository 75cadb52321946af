// Each SPEC §6 flag whose screen exists, flipped through PUT /ops/flags/{name} on the real server and
// seen in a real Chromium: the page is opened once with the flag on and once with it off, and the
// flag's mark (a tab, a button, a field, a redirect) must follow. Screenshots: flags-<name>-<on|off>.png.
// Voucher and PreOrder show only on later steps of the request flow; tests/e2e/request.e2e.ts walks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_VENDORS } from '../../server/db/seed';
import { CHROMIUM_PATH, DESKTOP, screenshot } from './support/browser';
import { startServer, type TestServer } from '../server/harness';

import { GUEST_ENTRY } from './support/landing';

let server: TestServer;
let browser: Browser;

const ENGLISH = JSON.parse(readFileSync(join(process.cwd(), 'public/locales/en.json'), 'utf8')) as Record<string, string>;
/** The English text of a message key; react-intl shows the key itself while a key is missing. */
const text = (key: string): string => ENGLISH[key] ?? key;
/** The committed fallback file: each flag is put back to its default after its row. */
const DEFAULTS = JSON.parse(readFileSync(join(process.cwd(), 'public/flags.json'), 'utf8')) as Record<string, unknown>;

interface FlagRow {
  flag: string;
  /** Where the flag shows, and whether the visitor is the signed-in demo vendor. */
  path: string;
  signedIn: boolean;
  /** Something on the page in both states, so an absence is not just a page still loading. */
  ready: (page: Page) => Locator;
  /** Whether the flag's mark is on the page. */
  shows: (page: Page) => Promise<boolean>;
  /** True when turning the flag on hides the mark (sign-up deactivation). */
  inverted?: boolean;
}

const banner = (page: Page) => page.getByRole('banner');
const tabsReady = (page: Page) => banner(page).getByRole('link', { name: 'Tracking' });
const requestReady = (page: Page) => page.getByRole('heading', { level: 1, name: text('request.title') });
const present = async (locator: Locator) => (await locator.count()) > 0;
const onMaintenance = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname === '/maintenance';
};

const ROWS: FlagRow[] = [
  {
    flag: 'BulkOrderUpload',
    path: '/request-a-rider',
    signedIn: true,
    ready: tabsReady,
    shows: (page) => present(banner(page).getByRole('link', { name: 'Bulk order' })),
  },
  {
    flag: 'Helpcenter',
    path: '/request-a-rider',
    signedIn: true,
    ready: tabsReady,
    // The floating round button of the help-centre widget.
    shows: (page) => present(page.getByRole('button', { name: 'Help centre' })),
  },
  {
    flag: 'DeactivateSignUpButton',
    path: '/connect',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Log in' }),
    shows: (page) => present(page.getByRole('link', { name: 'Create an account' })),
    inverted: true,
  },
  {
    flag: 'GuestCheckout',
    path: '/',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { level: 1 }),
    shows: (page) => present(page.getByRole('button', { name: GUEST_ENTRY })),
  },
  {
    flag: 'PlannedMaintenance',
    path: '/connect',
    signedIn: false,
    ready: (page) => page.getByRole('heading').first(),
    shows: onMaintenance,
  },
  {
    flag: 'UnplannedMaintenance',
    path: '/connect',
    signedIn: false,
    ready: (page) => page.getByRole('heading').first(),
    shows: onMaintenance,
  },
  {
    flag: 'AddVendorOutlet',
    path: `/request-a-rider/${DEMO_VENDORS.saParent}`,
    signedIn: true,
    ready: requestReady,
    shows: (page) => present(page.getByRole('button', { name: text('request.collection.add') })),
  },
  {
    flag: 'EditVendorOutlet',
    path: `/request-a-rider/${DEMO_VENDORS.saOlaya}`,
    signedIn: true,
    ready: requestReady,
    shows: (page) => present(page.getByRole('button', { name: text('request.collection.edit') })),
  },
];

async function setFlag(name: string, variation: unknown): Promise<void> {
  const response = await server.call('PUT', `/ops/flags/${name}`, { body: { variation }, headers: { authorization: `Ops ${server.opsToken}` } });
  expect(response.status, response.text).toBeLessThan(300);
}

async function signedInStorage(): Promise<Record<string, string>> {
  const response = await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: DEMO_PASSWORD } });
  const result = (response.body as { result: { user: { id: string; email: string }; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number } }).result;
  return {
    'portal.auth-user': JSON.stringify(result.user),
    'portal.auth-meta': JSON.stringify({ AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken, Expires: result.Expires }),
  };
}

/** Opens the row's page in a fresh context and answers whether the flag's mark shows. */
async function observe(row: FlagRow, state: 'on' | 'off'): Promise<boolean> {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height }, locale: 'en-US', timezoneId: 'Asia/Dubai' });
  try {
    if (row.signedIn) {
      await context.addInitScript((pairs: [string, string][]) => {
        for (const [key, value] of pairs) window.localStorage.setItem(key, value);
      }, Object.entries(await signedInStorage()));
    }
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${row.path}`);
    await row.ready(page).first().waitFor();
    const shows = await row.shows(page);
    await screenshot(page, `flags-${row.flag}-${state}`);
    return shows;
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  server = await startServer({ DIST_DIR: process.env.E2E_DIST_DIR ?? join(process.cwd(), 'dist') });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('feature flags change the UI (SPEC §6)', () => {
  it.each(ROWS.map((row) => [row.flag, row] as const))('%s', async (_, row) => {
    try {
      await setFlag(row.flag, true);
      const whenOn = await observe(row, 'on');
      await setFlag(row.flag, false);
      const whenOff = await observe(row, 'off');
      expect({ whenOn, whenOff }).toEqual(row.inverted ? { whenOn: false, whenOff: true } : { whenOn: true, whenOff: false });
    } finally {
      await setFlag(row.flag, DEFAULTS[row.flag] ?? false);
    }
  });
});
