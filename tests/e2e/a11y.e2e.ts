// An accessibility scan of the main screens with axe-core injected into Chromium (issue "Screens"):
// landing, sign-in, request, tracking, history, insights, notification settings (with the e-mail preview),
// bulk and the two public tracking pages, in en and
// ar-SA at 1440 and 375 px, as first loaded and with a dialog or popover open (the guest dialog, the
// language menu, the order drawer with its map, the cancel dialog over it). No serious or critical
// violation may remain; a failure names the rule, the elements and axe's help page.
// Each screen is loaded once, in en at 1440 px, for its two tests: the en test scans it at 1440 px and
// resized to 375 px; the ar-SA test then picks العربية in the header's language menu, as a user does,
// and scans it at 375 and 1440 px. The app's layout follows the width through CSS alone (no script in
// src/ reads the window's size), so the page resized to 375 px is the one a phone loads, and a language
// chosen in the menu re-renders the screen as a load in that language would. This quartered the page
// loads (a map page costs seconds of CPU); each test still opens its own state and fails on its own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { moveOrder, orderPayload, placeOrder, quoteFee, resultOf, SA_PARENT } from '../server/orders-fixtures';
import { DESKTOP, PHONE, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { useE2eServer } from './support/e2eServer';
import { settled, SETTLED_POLL_MS } from './support/settled';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// COURIER_SIM_SPEED 0: the fleet stays still, so the order left RECEIVED can still be cancelled however
// long the run takes (at speed 1 a slow run saw the fleet take it past cancelling before the check).
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });
let auth: string;
let vendorOrder: { id: string; token: string };
/** Received and left there (the fleet stands still): it can be cancelled. */
let cancellableOrderId: string;
let guestOrder: { id: string; token: string };

async function trackingTokenOf(orderId: string, vendorId: string, authorization: string): Promise<string> {
  const response = await e2e.server.call('GET', `/order?vendorId=${vendorId}&orderId=${encodeURIComponent(orderId)}`, { auth: authorization });
  return resultOf<Order>(response.body).tracking_token ?? '';
}

beforeAll(async () => {
  auth = await e2e.server.login('vendor@example.com');
  const id = await placeOrder(e2e.server, auth, SA_PARENT);
  await moveOrder(e2e.server, id, 'NEAR_VENDOR');
  vendorOrder = { id, token: await trackingTokenOf(id, SA_PARENT, auth) };
  cancellableOrderId = await placeOrder(e2e.server, auth, SA_PARENT);
  await moveOrder(e2e.server, cancellableOrderId, 'RECEIVED');

  // A consumer-to-consumer order, placed by a guest sender.
  const session = await e2e.server.call('POST', '/guest/session', { body: { name: 'Nora Guest', email: 'nora@example.com', phone_number: '+966501112233', country_code: 'SA' } });
  const guestAuth = `Bearer ${resultOf<{ token: string }>(session.body).token}`;
  const sender = { location: { latitude: 24.7136, longitude: 46.6753, address: 'Olaya, Riyadh', notes: '' }, name: 'Nora Guest', email: 'nora@example.com', phone_number: '+966501112233' };
  const quote = await quoteFee(e2e.server, guestAuth, 'vendorID', undefined, { latitude: sender.location.latitude, longitude: sender.location.longitude });
  const created = await e2e.server.call('POST', '/order', { auth: guestAuth, body: orderPayload('vendorID', quote, { sender }) });
  const guestId = resultOf<{ order_id: string }>(created.body).order_id;
  guestOrder = { id: guestId, token: await trackingTokenOf(guestId, 'vendorID', guestAuth) };
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's serious and critical findings on the page as it stands. axe is injected once per document:
 * a page is scanned four times (two languages, two widths) without loading again, and each injection
 * sent, parsed and compiled its 500 kB anew. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ ...violation, nodes: violation.nodes.slice(0, 5).map(({ target, failureSummary }) => ({ target, failureSummary })) }));
}

interface Screen {
  name: string;
  path: () => string;
  signedIn: boolean;
  /** What shows once the screen has drawn its content. */
  ready: string;
}

const SCREENS: Screen[] = [
  { name: 'landing', path: () => '/', signedIn: false, ready: 'h1' },
  { name: 'sign-in', path: () => '/connect', signedIn: false, ready: 'input[type="password"]' },
  { name: 'request', path: () => `/request-a-rider/${SA_PARENT}`, signedIn: true, ready: 'main h1' },
  { name: 'tracking', path: () => `/order-tracking/${SA_PARENT}`, signedIn: true, ready: '[data-live="connected"]' },
  { name: 'history', path: () => `/history/${SA_PARENT}`, signedIn: true, ready: 'main select' },
  { name: 'insights', path: () => `/insights/${SA_PARENT}`, signedIn: true, ready: '[data-testid="insights-heat-map"]' },
  { name: 'notification settings', path: () => '/settings/notifications', signedIn: true, ready: '[data-testid="email-preview-body"]' },
  { name: 'bulk', path: () => `/bulk-order/${SA_PARENT}`, signedIn: true, ready: '[data-testid="bulk-history"]:not([aria-busy])' },
  { name: 'team', path: () => '/settings/team', signedIn: true, ready: '[data-testid="team-member-row"]' },
  { name: 'audit', path: () => '/settings/audit', signedIn: true, ready: '[data-testid="audit-row"]' },
  { name: 'public tracking', path: () => `/tracking/${encodeURIComponent(vendorOrder.id)}?t=${encodeURIComponent(vendorOrder.token)}`, signedIn: false, ready: '[data-stage]' },
  { name: 'public c2c tracking', path: () => `/tracking-c2c/${encodeURIComponent(guestOrder.id)}?t=${encodeURIComponent(guestOrder.token)}`, signedIn: false, ready: 'main h1' },
];

async function open(screen: Screen, viewport: Viewport, locale: string): Promise<Page> {
  const storage = screen.signedIn
    ? await signedInStorage(e2e.server, 'vendor@example.com', { locale, selectedVendor: SA_PARENT })
    : { 'portal.locale': locale };
  const { page } = await e2e.browser.newPage({ viewport, storage });
  await page.goto(`${e2e.server.baseUrl}${screen.path()}`);
  await page.locator(screen.ready).first().waitFor();
  await settled(page);
  return page;
}

/** The widths a language is scanned at, in order: en as loaded at 1440 px, then resized to 375 px;
 * ar-SA, chosen in the menu, at 375 px first, then 1440 px. */
const WIDTHS: Record<string, [Viewport, Viewport]> = { en: [DESKTOP, PHONE], 'ar-SA': [PHONE, DESKTOP] };
const LOCALES = Object.keys(WIDTHS);

/** Resizes the page and waits until it has laid itself out again (two frames) and settled. */
async function resize(page: Page, viewport: Viewport): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === viewport.width && now.height === viewport.height) return;
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}

/** Scans the page at both widths in order (`before` runs before each scan). */
async function scanAtBothWidths(page: Page, subject: Record<string, string>, widths: [Viewport, Viewport], before?: () => Promise<void>): Promise<void> {
  for (const viewport of widths) {
    await resize(page, viewport);
    await before?.();
    const found = await seriousViolations(page);
    expect({ ...subject, viewport: viewport.name, found }).toEqual({ ...subject, viewport: viewport.name, found: [] });
  }
}

/** The language's name in its own script, as the language menu lists it. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', 'ar-SA': 'العربية' };

/**
 * Puts the page in `locale` through the header's language menu, as a user does, and waits until the
 * screen has re-rendered in it (the document's lang, its catalogue's text, its fonts). The menu is
 * chosen from at 1440 px: on a phone the signed-in shell keeps it inside the menu drawer.
 */
async function useLanguage(page: Page, locale: string): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) === locale) return;
  await resize(page, DESKTOP);
  const current = await page.evaluate(() => document.documentElement.lang);
  await page.getByRole('button', { name: new RegExp(`^${escaped(message(current, 'language.change'))}`) }).first().click();
  await page.getByRole('radio', { name: LANGUAGE_NAMES[locale] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang && !document.querySelector('[data-radix-popper-content-wrapper]'), locale, { polling: SETTLED_POLL_MS });
  await settled(page);
}

/** One page for a screen's (or state's) tests: loaded in en before them, closed after them. */
function usePageOf(screen: () => Screen): () => Page {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await open(screen(), DESKTOP, 'en');
  });
  afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error('the screen did not load');
    return page;
  };
}

/** A message of the locale's catalogue, up to its first placeholder (enough to find a control by name). */
function message(locale: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(join(process.cwd(), 'public', 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
  return (catalogue[key] ?? key).split('{')[0] ?? '';
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(SCREENS.map((screen) => [screen.name, screen] as const))('accessibility (axe-core): %s', (_, screen) => {
  const page = usePageOf(() => screen);
  it.each(LOCALES)(`${screen.name} has no serious or critical violations in %s, 1440 and 375 px`, async (locale) => {
    await useLanguage(page(), locale);
    await page().locator(screen.ready).first().waitFor();
    await scanAtBothWidths(page(), { screen: screen.name, locale }, WIDTHS[locale]!);
  });
});

interface OpenState {
  name: string;
  screen: Screen;
  /** Opens the dialog or popover on the screen and waits until it shows its content. */
  open: (page: Page, locale: string) => Promise<void>;
}

/** Closes whatever dialog or popover is open (the innermost first), as Escape does for a user. */
async function closeDialogs(page: Page): Promise<void> {
  const dialogs = page.getByRole('dialog');
  // Pressed again while one is left: a dialog still closing is the top layer, and Escape goes to it.
  await expect.poll(async () => {
    if ((await dialogs.count()) > 0) await page.keyboard.press('Escape');
    return dialogs.count();
  }).toBe(0);
}

/** The order's drawer: open as the screen loads (its URL names the order), else opened from its row. */
async function orderDrawer(page: Page, orderId: string): Promise<void> {
  const detail = page.getByRole('dialog').locator(`[data-order-detail="${orderId}"]`);
  if ((await detail.count()) === 0) await page.locator(`[data-order-id="${orderId}"]`).first().click();
  await detail.waitFor();
}

const landing = SCREENS[0]!;
const ordersScreen = (orderId: () => string): Screen => ({
  name: 'tracking with an order open',
  path: () => `/order-tracking/${SA_PARENT}?order_id=${encodeURIComponent(orderId())}`,
  signedIn: true,
  ready: '[role="dialog"] [data-order-detail]',
});

const OPEN_STATES: OpenState[] = [
  {
    name: 'guest dialog',
    screen: landing,
    open: async (page, locale) => {
      const entry = new RegExp(`^(${escaped(message(locale, 'landing.hero.cta'))}|${escaped(message(locale, 'landing.hero.guest'))})$`);
      await page.getByRole('button', { name: entry }).first().click();
      await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    },
  },
  {
    name: 'language menu',
    screen: landing,
    open: async (page, locale) => {
      await page.getByRole('button', { name: new RegExp(`^${escaped(message(locale, 'language.change'))}`) }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'order drawer with its map',
    screen: ordersScreen(() => vendorOrder.id),
    open: async (page) => {
      await orderDrawer(page, vendorOrder.id);
      const map = page.getByRole('dialog').getByTestId('order-map');
      await map.locator('.maplibregl-canvas').waitFor();
      await map.locator('[data-testid="map-skeleton"]').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'cancel dialog over the drawer',
    screen: ordersScreen(() => cancellableOrderId),
    open: async (page, locale) => {
      await orderDrawer(page, cancellableOrderId);
      await page.getByRole('dialog').getByRole('button', { name: message(locale, 'order.action.cancel'), exact: true }).click();
      await page.getByRole('dialog', { name: message(locale, 'cancel.title') }).getByRole('radio').first().waitFor();
    },
  },
];

describe.each(OPEN_STATES.map((state) => [state.name, state] as const))('accessibility (axe-core) with a dialog or popover open: %s', (_, state) => {
  const page = usePageOf(() => state.screen);
  it.each(LOCALES)(`${state.name}: no serious or critical violations in %s, 1440 and 375 px`, async (locale) => {
    const widths = WIDTHS[locale]!;
    // Opened afresh at the language's first width, as on a page loaded at that width.
    await closeDialogs(page());
    await useLanguage(page(), locale);
    await resize(page(), widths[0]);
    await state.open(page(), locale);
    // The dialog or popover is still open at the second width: the scan covers it at both.
    const stillOpen = async () => expect(await page().getByRole('dialog').count()).toBeGreaterThan(0);
    await scanAtBothWidths(page(), { state: state.name, locale }, widths, stillOpen);
  });
});
