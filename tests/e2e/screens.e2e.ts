// The details a vendor notices on the everyday screens (issue "Screens"), in a real Chromium against
// the real server serving dist/: the wordmark of every brand, the tracking lists on a phone, an order
// returned to the store. Screenshots go to test-results/screenshots/screens-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_KEYS, BRANDS, type BrandKey } from '../../domain/brands';
import { moveOrder, placeOrder, SA_PARENT } from '../server/orders-fixtures';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { useE2eServer } from './support/e2eServer';
import { routeInApp } from './support/routeInApp';
import { settled } from './support/settled';

const e2e = useE2eServer();
let auth: string;

beforeAll(async () => {
  auth = await e2e.server.login('vendor@example.com');
});

const LOCALES = ['en', 'ar-SA'] as const;
const VIEWPORTS = [DESKTOP, PHONE] as const;

/** The host-name fragment src/theme/chooseBrand.ts recognises for each brand. */
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

function originOf(brand: BrandKey): string {
  return e2e.server.baseUrl.replace('127.0.0.1', `${BRAND_HOSTS[brand]}.localhost`);
}

async function signedIn(options: { viewport: Viewport; locale: string }): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  const { page } = await e2e.browser.newPage({ viewport: options.viewport, storage });
  return page;
}

/** Resizes the page and waits for its fonts and two frames, so the new layout is the one measured. */
async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
}

/** Every visible wordmark's drawn name against its own box and the page's width. */
function wordmarkFit(page: Page): Promise<{ name: string; textWidth: number; boxWidth: number; inBox: boolean; onScreen: boolean; underlined: boolean }[]> {
  return page.locator('header [role="img"]').evaluateAll((logos) =>
    logos
      .filter((logo) => logo.getBoundingClientRect().width > 0)
      .map((logo) => {
        const box = logo.getBoundingClientRect();
        const walker = document.createTreeWalker(logo, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const node = walker.nextNode();
        // A link's underline reaches into the logo unless the link itself has none.
        const underlined = getComputedStyle(logo.closest('a') ?? logo).textDecorationLine.includes('underline');
        if (node === null) return { name: logo.getAttribute('aria-label') ?? '', textWidth: 0, boxWidth: box.width, inBox: true, onScreen: box.right <= window.innerWidth && box.left >= 0, underlined };
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        return {
          name: logo.getAttribute('aria-label') ?? '',
          textWidth: Math.round(text.width),
          boxWidth: Math.round(box.width),
          inBox: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
          onScreen: box.right <= window.innerWidth + 0.5 && box.left >= -0.5,
          underlined,
        };
      }),
  );
}

describe('the header wordmark', () => {
  // Each page is loaded once at 1440 px and resized to 375 px: the header lays itself out by CSS alone
  // (no script in src/ reads the window's size), so the resized page is the one a phone loads, at half
  // the page loads (a brand's wordmark was 8 loads per brand and language before).
  it.each(BRAND_KEYS.map((brand) => [brand]))('draws the whole name of %s inside its box, en and ar-SA, 1440 and 375 px', async (brand) => {
    for (const locale of LOCALES) {
      const page = await signedIn({ viewport: DESKTOP, locale });
      // A signed-in page (top navigation), loaded, and a public one (its own header), reached through
      // the app's router as its footer link does: the header is the route's, however the page came.
      for (const path of [`/request-a-rider/${SA_PARENT}`, '/faq']) {
        if (path === '/faq') {
          await routeInApp(page, path);
          await page.getByRole('heading', { level: 1, name: readCatalogue(locale)['faq.title'] }).waitFor();
        } else {
          await page.goto(`${originOf(brand)}${path}`);
          await page.locator('main h1, h1').first().waitFor();
        }
        for (const viewport of VIEWPORTS) {
          await resizeTo(page, viewport);
          const logos = await wordmarkFit(page);
          expect(logos.length, `${brand} ${locale} ${viewport.name} ${path}`).toBeGreaterThan(0);
          for (const logo of logos) {
            expect({ brand, locale, viewport: viewport.name, path, ...logo }).toMatchObject({ name: BRANDS[brand].productName, inBox: true, onScreen: true, underlined: false });
          }
          if (brand === 'HUNGER_STATION' && path === '/faq') await screenshot(page, `screens-header-${viewport.name}-${locale}`);
        }
      }
      await page.close();
    }
  });
});

describe('the tracking lists', () => {
  it('on a phone shows every list switch and the whole search hint, en and ar-SA', async () => {
    for (const locale of LOCALES) {
      const page = await signedIn({ viewport: PHONE, locale });
      await page.goto(`${e2e.server.baseUrl}/order-tracking/${SA_PARENT}`);
      await page.locator('[data-live="connected"]').waitFor();
      // The switches come with the vendor list, which may answer after the live connection.
      await page.locator('[aria-label] > button[aria-pressed]').first().waitFor();
      const switches = await page.locator('[aria-label] > button[aria-pressed]').evaluateAll((buttons) =>
        buttons.map((button) => {
          const box = button.getBoundingClientRect();
          return { text: button.textContent, inside: box.left >= 0 && box.right <= window.innerWidth };
        }),
      );
      expect(switches).toHaveLength(5);
      for (const shown of switches) expect(shown, locale).toMatchObject({ inside: true });

      const hint = await page.locator('form[role="search"] input').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const textWidth = context.measureText(input.placeholder).width;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { placeholder: input.placeholder, textWidth: Math.ceil(textWidth), room: Math.floor(room) };
      });
      expect(hint.textWidth, `${locale}: "${hint.placeholder}" in ${hint.room} px`).toBeLessThanOrEqual(hint.room);
      await screenshot(page, `screens-tracking-phone-${locale}`);
      await page.close();
    }
  });

  it('shows an order returned to the store with its own label and colour, apart from the green of delivered ones', async () => {
    const delivered = await placeOrder(e2e.server, auth, SA_PARENT);
    const returned = await placeOrder(e2e.server, auth, SA_PARENT);
    await moveOrder(e2e.server, delivered, 'PICKED_UP');
    await moveOrder(e2e.server, delivered, 'DELIVERED');
    await moveOrder(e2e.server, returned, 'PICKED_UP');
    await moveOrder(e2e.server, returned, 'RETURNED_TO_VENDOR');
    for (const locale of LOCALES) {
      const page = await signedIn({ viewport: DESKTOP, locale });
      await page.goto(`${e2e.server.baseUrl}/order-tracking/${SA_PARENT}`);
      const badgeOf = (orderId: string) => page.locator(`[data-list="delivered"] [data-order-id="${orderId}"] [data-status]`);
      await badgeOf(returned).waitFor();
      const look = (orderId: string) =>
        badgeOf(orderId).evaluate((badge) => ({ text: badge.textContent, border: getComputedStyle(badge).borderColor, dot: getComputedStyle(badge, '::before').backgroundColor }));
      const [deliveredLook, returnedLook] = [await look(delivered), await look(returned)];
      expect(returnedLook.text).not.toBe(deliveredLook.text);
      expect(returnedLook.border).not.toBe(deliveredLook.border);
      expect(returnedLook.dot).not.toBe(deliveredLook.dot);
      await screenshot(page, `screens-tracking-desktop-${locale}-returned`);
      await page.close();
    }
  });
});

describe('the floating help button', () => {
  it('leaves room: scrolled to the end, no history row, column or chart label lies under it', async () => {
    // One load per language at 1440 px, resized to 375 px (the layout is CSS only, as above).
    for (const locale of LOCALES) {
      const page = await signedIn({ viewport: DESKTOP, locale });
      await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
      await page.locator('main select').first().selectOption('PastMonth');
      await page.locator('[data-testid="history-rows"] [data-order-id]').first().waitFor();
      for (const viewport of VIEWPORTS) {
        await resizeTo(page, viewport);
        await settled(page);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const covered = await page.evaluate(() => {
          const help = [...document.querySelectorAll('button')].find((button) => getComputedStyle(button).position === 'fixed');
          if (!help) return ['no floating help button'];
          const button = help.getBoundingClientRect();
          const main = document.querySelector('main');
          if (!main) return ['no main'];
          return [...main.querySelectorAll('*')]
            .filter((element) => element.childElementCount === 0 && (element.textContent ?? '').trim() !== '')
            .filter((element) => {
              // What shows of the element: its box cut by every scrolling or clipping ancestor.
              const { left, right, top, bottom } = element.getBoundingClientRect();
              const box = { left, right, top, bottom, width: 0, height: 0 };
              for (let parent = element.parentElement; parent; parent = parent.parentElement) {
                if (getComputedStyle(parent).overflow === 'visible') continue;
                const clip = parent.getBoundingClientRect();
                box.left = Math.max(box.left, clip.left);
                box.right = Math.min(box.right, clip.right);
                box.top = Math.max(box.top, clip.top);
                box.bottom = Math.min(box.bottom, clip.bottom);
              }
              box.width = box.right - box.left;
              box.height = box.bottom - box.top;
              const overlaps = box.width > 0 && box.height > 0 && box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
              return overlaps && getComputedStyle(element).visibility !== 'hidden';
            })
            .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent}`);
        });
        expect({ locale, viewport: viewport.name, covered }).toEqual({ locale, viewport: viewport.name, covered: [] });
        if (viewport === PHONE) await screenshot(page, `screens-history-phone-${locale}-end`);
      }
      await page.close();
    }
  });
});
