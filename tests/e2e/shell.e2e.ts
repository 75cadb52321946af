// The app shell in a real Chromium against the real server serving the built app (issue 5): sign-in,
// branch switch, sign-out, guest and GoDroid modes, route guards, maintenance, 404 and right-to-left.
// Every page visited is saved at 375 and 1440 px under test-results/screenshots/shell-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_VENDORS } from '../../server/db/seed';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';

import { fillGuestDialog, GUEST_ENTRY } from './support/landing';
import { useE2eServer } from './support/e2eServer';

// E2E_DIST_DIR lets a run point at another build of the app (default: the dist/ the global setup builds).
const e2e = useE2eServer();
const VIEWPORTS = [PHONE, DESKTOP] as const;

/** A page from the file's pool (support/pagePool.ts): a test's page loads the app again in a page an
 * earlier test handed back clean, not in a new context; closing its context hands it back. */
async function newPage(options: { viewport?: Viewport; storage?: Record<string, string> } = {}): Promise<Page> {
  return (await e2e.browser.newPage({ viewport: options.viewport ?? DESKTOP, storage: options.storage })).page;
}

async function setFlag(name: string, variation: unknown): Promise<void> {
  const response = await e2e.server.call('PUT', `/ops/flags/${name}`, { body: { variation }, headers: { authorization: `Ops ${e2e.server.opsToken}` } });
  expect(response.status, response.text).toBeLessThan(300);
}

/**
 * Opens `path` once at the first width (375 px unless `widths` says otherwise), runs `check` and saves a
 * screenshot, then resizes the same page to the other width and does both again: half the page loads of
 * a load per width. The shell lays itself out by CSS alone (no script in src/ reads the window's size), so
 * the resized page is the one the other width loads. A check that clicks (opens a drawer) goes last.
 */
async function atBothWidths(
  name: string,
  path: string,
  storage: Record<string, string> | undefined,
  check: (page: Page, viewport: Viewport) => Promise<void>,
  widths: readonly Viewport[] = VIEWPORTS,
) {
  const page = await newPage({ viewport: widths[0], storage });
  await page.goto(`${e2e.server.baseUrl}${path}`);
  await checkAtBothWidths(page, name, check, widths);
  await page.context().close();
}

/** Runs `check` and saves a screenshot at each width in turn, resizing the page in between. */
async function checkAtBothWidths(page: Page, name: string, check: (page: Page, viewport: Viewport) => Promise<void>, widths: readonly Viewport[] = VIEWPORTS) {
  for (const viewport of widths) {
    await resizeTo(page, viewport);
    await check(page, viewport);
    await screenshot(page, `shell-${name}-${viewport.width}`);
  }
}

/** Resizes the page (unless it has that size) and waits two frames for the new layout. */
async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === viewport.width && now.height === viewport.height) return;
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The private shell is up: the tabs on a desktop, the menu button on a phone (the tabs sit in its drawer). */
async function shellReady(page: Page, viewport: Viewport): Promise<void> {
  const banner = page.getByRole('banner');
  if (viewport === PHONE) await banner.getByRole('button', { name: 'Menu' }).waitFor();
  else await banner.getByRole('link', { name: 'Tracking' }).waitFor();
}

describe('app shell', () => {
  it('a vendor signs in with the demo account, lands on the request page, switches branch and signs out', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/connect`);
    await page.getByLabel('Email address').fill('vendor@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await screenshot(page, 'shell-login-filled-1440');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/request-a-rider/);
    const nav = page.getByRole('banner');
    const branch = nav.getByRole('combobox', { name: 'Branch' });
    await expect.poll(() => branch.inputValue()).toBe(DEMO_VENDORS.saParent);
    await screenshot(page, 'shell-request-signed-in-1440');

    // SPEC §2: a vendor change rewrites the URL to the new vendor id.
    await branch.selectOption(DEMO_VENDORS.saOlaya);
    await page.waitForURL(new RegExp(`/request-a-rider/${DEMO_VENDORS.saOlaya}$`));
    await page.getByRole('link', { name: 'Tracking' }).first().click();
    await page.waitForURL(new RegExp(`/order-tracking/${DEMO_VENDORS.saOlaya}`));
    await branch.selectOption(DEMO_VENDORS.saDiriyah);
    await page.waitForURL(new RegExp(`/order-tracking/${DEMO_VENDORS.saDiriyah}`));

    await nav.getByRole('button', { name: 'Account' }).click();
    await expect.poll(() => page.getByText('vendor@example.com').isVisible()).toBe(true);
    await screenshot(page, 'shell-account-menu-1440');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.auth-meta'))).toBeNull();
    // Private pages are closed again.
    await page.goto(`${e2e.server.baseUrl}/history`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('on a phone the same links sit in the menu drawer, which opens from the right', async () => {
    const storage = await signedInStorage(e2e.server);
    // Loaded at 1440 px, then resized to 375 px, where the drawer is opened.
    await atBothWidths('request-drawer', '/request-a-rider', storage, async (page, viewport) => {
      if (viewport !== PHONE) {
        await page.getByRole('banner').getByRole('combobox', { name: 'Branch' }).waitFor();
        return;
      }
      await page.getByRole('button', { name: 'Menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByText(`ID: ${DEMO_VENDORS.saParent}`).waitFor();
      await drawer.getByRole('link', { name: 'History' }).waitFor();
      const box = await drawer.boundingBox();
      expect(box).not.toBeNull();
      // 384 px from the right edge would exceed 375 px, so the drawer is full width here.
      expect(Math.round((box?.x ?? -1) + (box?.width ?? 0))).toBe(viewport.width);
    }, [DESKTOP, PHONE]);
  });

  it('the floating help-centre button opens the widget with its iframe, and Close shuts it', async () => {
    const storage = await signedInStorage(e2e.server);
    // One load: opened, captured and closed at 375 px, then the same at 1440 px.
    const page = await newPage({ viewport: PHONE, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    for (const viewport of VIEWPORTS) {
      await resizeTo(page, viewport);
      await page.getByRole('button', { name: 'Help centre' }).click();
      const widget = page.getByRole('dialog', { name: 'Help centre' });
      const frame = widget.locator('iframe[title="Help centre"]');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(/^http/);
      await screenshot(page, `shell-help-centre-widget-${viewport.width}`);
      await widget.getByRole('button', { name: 'Close' }).click();
      await widget.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Help centre' }).waitFor();
    }
  });

  it('a guest reaches the request page without an account and has no branch selector', async () => {
    // One load at 1440 px: the filled dialog is captured at both widths, the guest continues at 375 px
    // and the request page is checked there and resized to 1440 px.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/`);
    const dialog = await fillGuestDialog(page);
    for (const viewport of [DESKTOP, PHONE]) {
      await resizeTo(page, viewport);
      await screenshot(page, `shell-guest-dialog-${viewport.width}`);
    }
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/request-a-rider/);
    await checkAtBothWidths(page, 'guest-request', async (_, viewport) => {
      await shellReady(page, viewport);
      expect(await page.getByRole('combobox', { name: 'Branch' }).count()).toBe(0);
      // SPEC §6: no help centre for guests.
      expect(await page.getByRole('button', { name: 'Help centre' }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('portal.guest-token'))).not.toBeNull();
    });
  });

  it('a GoDroid token in localStorage signs the user in to its one vendor', async () => {
    const minted = await e2e.server.call('POST', '/ops/godroid-token', { body: { vendor_id: DEMO_VENDORS.saOlaya }, headers: { authorization: `Ops ${e2e.server.opsToken}` } });
    expect(minted.status, minted.text).toBe(200);
    const token = (minted.body as { token: string }).token;
    await atBothWidths('godroid', '/', { 'godroid-token': token }, async (page, viewport) => {
      // Signed in: the landing page sends an authenticated user on to the request page.
      await page.waitForURL(/\/request-a-rider/);
      await shellReady(page, viewport);
      expect(await page.getByRole('button', { name: GUEST_ENTRY }).count()).toBe(0);
    });
  });

  it('a private route sends a signed-out visitor to the landing page', async () => {
    await atBothWidths('private-redirect', '/order-tracking', undefined, async (page) => {
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: GUEST_ENTRY }).waitFor();
    });
  });

  it('an unknown path shows the 404 page', async () => {
    await atBothWidths('not-found', '/no/such/page', undefined, async (page) => {
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/no/such/page');
    });
  });

  it.each([
    ['PlannedMaintenance', 'Scheduled maintenance'],
    ['UnplannedMaintenance', 'We are fixing a problem'],
  ])('%s sends every route to /maintenance', async (flag, heading) => {
    await setFlag(flag, true);
    try {
      const storage = await signedInStorage(e2e.server);
      for (const path of ['/', '/connect', '/termsandconditions']) {
        const page = await newPage({ viewport: DESKTOP, storage });
        await page.goto(`${e2e.server.baseUrl}${path}`);
        await page.waitForURL(/\/maintenance$/);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.context().close();
      }
      // The fourth route's load is also the one captured at both widths.
      await atBothWidths(`maintenance-${flag}`, '/request-a-rider', storage, async (page) => {
        await page.waitForURL(/\/maintenance$/);
        await page.getByRole('heading', { name: heading }).waitFor();
      });
    } finally {
      await setFlag(flag, false);
    }
    // Once the flag is off, /maintenance itself goes back home.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/maintenance`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('in ar-SA the app renders right-to-left and the drawer opens from the left', async () => {
    const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: 'ar-SA' });
    // One load at 375 px (the drawer opened there, shown, then closed with Escape, so the 1440 px
    // picture is of the page), resized to 1440 and to 900 px.
    const page = await newPage({ viewport: PHONE, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    const menu = page.getByRole('dialog', { name: 'القائمة' });
    await checkAtBothWidths(page, 'rtl-request', async (_, viewport) => {
      if (viewport !== PHONE) {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar-SA');
      if (viewport !== PHONE) return;
      await page.getByRole('button', { name: 'القائمة' }).click();
      await menu.getByRole('combobox', { name: 'الفرع' }).waitFor();
      const box = await menu.boundingBox();
      expect(box?.x).toBe(0);
    });
    // A desktop-wide drawer shows its side: 384 px against the left edge.
    await resizeTo(page, { width: 900, height: 800 });
    await page.getByRole('button', { name: 'القائمة' }).click();
    await menu.waitFor();
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    expect(Math.round((await menu.boundingBox())?.width ?? 0)).toBe(384);
    await screenshot(page, 'shell-rtl-drawer-900');
    await page.context().close();
    await atBothWidths('rtl-landing', '/', { 'portal.locale': 'ar-SA' }, async (landing) => {
      await expect.poll(() => landing.evaluate(() => document.documentElement.dir)).toBe('rtl');
    });
  });

  it('a screen chunk that fails to load is retried until it arrives', async () => {
    const storage = await signedInStorage(e2e.server);
    const page = await newPage({ viewport: DESKTOP, storage });
    let failures = 0;
    // The first two fetches of the history screen's chunk fail like a dropped connection.
    await page.route(/\/assets\/HistoryScreen-[^/]*\.js$/, async (route) => {
      if (failures < 2) {
        failures++;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/history/);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /history|past/i }).first().waitFor({ timeout: 20_000 });
    expect(failures).toBe(2);
    expect(await page.getByText('Could not load the application').count()).toBe(0);
  });

  it('the welcome carousel, once skipped, stays away on the next visit', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/`);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: GUEST_ENTRY }).waitFor();
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('portal.welcome-seen'))).toBe('true');
  });

  it('the public pages render at both sizes', async () => {
    // The landing page is loaded; the others are reached as a visitor does, through the header's,
    // the sign-in form's and the footer's links (the app's router, no new load), but the prohibited
    // items, which only a C2C tracking page links to.
    const footer = (page: Page) => page.getByRole('navigation', { name: 'Footer' });
    const PAGES: [name: string, path: string, heading: RegExp, reach: ((page: Page) => Promise<void>) | null][] = [
      ['landing', '/', /^Deliveries for your business/, null],
      ['login', '/connect', /^Log in to /, (page) => page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()],
      ['forgot-password', '/forgot-password', /^Reset your password$/, (page) => page.getByRole('link', { name: 'Forgot your password?' }).click()],
      ['register', '/register', /^Create an account$/, (page) => footer(page).getByRole('link', { name: 'Create an account' }).click()],
      ['faq', '/faq', /^Frequently asked questions$/, (page) => footer(page).getByRole('link', { name: 'FAQ' }).click()],
      ['terms', '/termsandconditions', /^Terms and conditions$/, (page) => footer(page).getByRole('link', { name: 'Terms and conditions' }).click()],
      ['prohibited-items', '/prohibiteditems-c2c', /^Prohibited items$/, null],
    ];
    const page = await newPage({ viewport: PHONE });
    for (const [name, path, heading, reach] of PAGES) {
      if (reach) await reach(page);
      else await page.goto(`${e2e.server.baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === path);
      // The page's own title, so a screen still showing the previous page is not taken for it.
      await checkAtBothWidths(page, name, async () => {
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }, page.viewportSize()?.width === DESKTOP.width ? [DESKTOP, PHONE] : VIEWPORTS);
    }
  });
});

/** What the keyboard focus is on: its accessible name (roughly), whether the focus ring shows, and
 * whether it sits inside an open dialog. */
interface Focused {
  name: string;
  ringVisible: boolean;
  inDialog: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', ringVisible: false, inDialog: false };
    const labelled = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
    const style = getComputedStyle(element);
    const ringVisible = element.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return { name: labelled.replace(/\s+/g, ' ').trim(), ringVisible, inDialog: element.closest('[role="dialog"]') !== null };
  });
}

/** Presses Tab `count` times from the top of the page and records each stop. */
async function tabTrail(page: Page, count: number): Promise<Focused[]> {
  const trail: Focused[] = [];
  for (let index = 0; index < count; index++) {
    await page.keyboard.press('Tab');
    trail.push(await focused(page));
  }
  return trail;
}

describe('keyboard access (issue 5)', () => {
  it('the desktop top nav is reached in reading order, each stop shows its focus ring, and Escape closes the account menu', async () => {
    const storage = await signedInStorage(e2e.server);
    const page = await newPage({ viewport: DESKTOP, storage });
    await page.goto(`${e2e.server.baseUrl}/order-tracking/${DEMO_VENDORS.saParent}`);
    await shellReady(page, DESKTOP);
    // Tracking shows while the vendor list loads; the branch selector and the tabs that wait for the
    // member's role come with the list, and the nav is aria-busy until then.
    await page.getByRole('banner').locator('nav:not([aria-busy="true"])').getByRole('link', { name: 'Request a rider' }).waitFor();
    const trail = await tabTrail(page, 12);
    const names = trail.map((stop) => stop.name);
    // The skip link first, then the bar from its start: logo, branch, tabs, ..., language, account.
    const expected = ['Skip to content', /home$/, 'Branch', 'Request a rider', 'Tracking', 'History', 'Bulk order', /^Change language|English/, 'Account'];
    let from = 0;
    for (const want of expected) {
      const at = names.findIndex((name, index) => index >= from && (typeof want === 'string' ? name === want : want.test(name)));
      expect(at, `${String(want)} after stop ${from} in ${JSON.stringify(names)}`).toBeGreaterThanOrEqual(from);
      expect(trail[at]?.ringVisible, `focus ring on ${names[at]}`).toBe(true);
      from = at + 1;
    }
    await screenshot(page, 'shell-keyboard-nav-1440');

    // Back to the account button, open its menu with Enter, close it with Escape: focus comes home.
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('vendor@example.com').waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).not.toBe('Account');
    await page.keyboard.press('Escape');
    await page.getByText('vendor@example.com').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).name).toBe('Account');
  });

  it('on a phone the menu opens from the keyboard, keeps focus inside the drawer, and Escape closes it', async () => {
    const storage = await signedInStorage(e2e.server);
    const page = await newPage({ viewport: PHONE, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await shellReady(page, PHONE);
    const trail = await tabTrail(page, 4);
    const menuStop = trail.findIndex((stop) => stop.name === 'Menu');
    expect(menuStop, JSON.stringify(trail)).toBeGreaterThanOrEqual(0);
    expect(trail[menuStop]?.ringVisible).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    // Twenty Tabs go round the drawer's links and controls without leaving it.
    const inside = await tabTrail(page, 20);
    expect(inside.filter((stop) => !stop.inDialog), JSON.stringify(inside)).toEqual([]);
    expect(inside.every((stop) => stop.ringVisible), JSON.stringify(inside)).toBe(true);
    await screenshot(page, 'shell-keyboard-drawer-375');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).name).toBe('Menu');
  });

  it('the help-centre widget opens from the keyboard on its Close button, and Escape closes it', async () => {
    const storage = await signedInStorage(e2e.server);
    const page = await newPage({ viewport: DESKTOP, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    const round = page.getByRole('button', { name: 'Help centre' });
    await round.focus();
    await page.keyboard.press('Enter');
    const widget = page.getByRole('dialog', { name: 'Help centre' });
    await widget.waitFor();
    await expect.poll(() => focused(page)).toEqual({ name: 'Close', ringVisible: true, inDialog: true });
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).name).toBe('Help centre');
  });

  it('the guest dialog opens from the keyboard and Escape closes it, focus back on its button', async () => {
    const page = await newPage({ viewport: DESKTOP, storage: { 'portal.welcome-seen': 'true' } });
    await page.goto(`${e2e.server.baseUrl}/`);
    const entry = page.getByRole('button', { name: GUEST_ENTRY }).first();
    await entry.focus();
    const entryName = (await focused(page)).name;
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Continue as a guest' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix returns focus after unmounting (in a timeout), so the check waits for it.
    await expect.poll(async () => (await focused(page)).name).toBe(entryName);
  });

  it('the language menu (loaded on first use) toggles with its button and Escape gives focus back to it', async () => {
    const page = await newPage({ viewport: DESKTOP, storage: { 'portal.welcome-seen': 'true' } });
    await page.goto(`${e2e.server.baseUrl}/`);
    const button = page.getByRole('banner').getByRole('button', { name: /Change language/ });
    const arabic = page.getByRole('radio', { name: 'العربية' });
    await button.click();
    await arabic.waitFor();
    // A second press on the button closes the menu (it must not close on press and reopen on click).
    await button.click();
    await arabic.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    await arabic.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await arabic.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).name).toMatch(/Change language/);
  });
});
