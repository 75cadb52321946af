// The rider's phone on the recipient's public tracking page, in a real Chromium against the real server:
// private by default (TrackingPageSettings.showRiderPhone is false), and a "Call the rider" tel: link,
// the number left to right even in Arabic, once a variation for the vendor's country turns it on.
// Screenshots: tracking-rider-phone-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { ops } from './request-flow';
import { moveOrder, placeOrder, resultOf } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });
let trackingPath: string;
let riderPhone: string;

const catalogue = (locale: string) => JSON.parse(readFileSync(join(process.cwd(), `public/locales/${locale}.json`), 'utf8')) as Record<string, string>;
const CALL_RIDER = { en: catalogue('en')['public-tracking.call-rider'] ?? '', 'ar-SA': catalogue('ar-SA')['public-tracking.call-rider'] ?? '' };

beforeAll(async () => {
  const auth = await e2e.server.login('vendor@example.com');
  const orderId = await placeOrder(e2e.server, auth, DEMO_VENDORS.saOlaya);
  await moveOrder(e2e.server, orderId, 'PICKED_UP');
  const order = resultOf<Order>((await e2e.server.call('GET', `/order?vendorId=${DEMO_VENDORS.saOlaya}&orderId=${encodeURIComponent(orderId)}`, { auth })).body);
  trackingPath = `/tracking/${encodeURIComponent(orderId)}?t=${encodeURIComponent(order.tracking_token ?? '')}`;
  riderPhone = order.rider?.phone ?? '';
  expect(riderPhone).toMatch(/^\+966\d+$/);
});

async function openTracking(locale: 'en' | 'ar-SA', viewport = DESKTOP): Promise<Page> {
  const { page } = await e2e.browser.newPage({ viewport, storage: { 'portal.locale': locale } });
  await page.goto(`${e2e.server.baseUrl}${trackingPath}`);
  await page.locator('[data-tracking-status="PICKED_UP"]').waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

describe('public tracking: the rider phone', () => {
  it('is not on the page by default', async () => {
    const page = await openTracking('en');
    try {
      await page.getByText(/^Your rider: /).waitFor();
      expect(await page.getByRole('link', { name: CALL_RIDER.en }).count()).toBe(0);
      expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
      expect(await page.content()).not.toContain(riderPhone.slice(4));
      await screenshot(page, 'tracking-rider-phone-default');
    } finally {
      await page.context().close();
    }
  });

  it('shows a Call the rider link once the vendor\'s country turns it on, the number left to right in Arabic too', async () => {
    try {
      await ops(e2e.server, 'PUT', '/ops/flags/TrackingPageSettings', { variation: { showRiderPhone: true, showMap: true }, country: 'SA' });
      for (const [locale, viewport] of [['en', DESKTOP], ['ar-SA', PHONE]] as const) {
        const page = await openTracking(locale, viewport);
        try {
          const link = page.getByRole('link', { name: new RegExp(`^${CALL_RIDER[locale]}`) });
          await link.waitFor();
          expect(await link.getAttribute('href')).toBe(`tel:${riderPhone}`);
          const number = link.getByText(riderPhone, { exact: true });
          expect(await number.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
          if (locale === 'ar-SA') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          // The map is still there: the other field of the same flag.
          expect(await page.getByTestId('order-map').count()).toBe(1);
          await screenshot(page, `tracking-rider-phone-on-${locale}-${viewport.width}`);
        } finally {
          await page.context().close();
        }
      }
      // Another country's variation does not reach this order.
      await ops(e2e.server, 'PUT', '/ops/flags/TrackingPageSettings', { variation: { showRiderPhone: false, showMap: true }, country: 'SA' });
      await ops(e2e.server, 'PUT', '/ops/flags/TrackingPageSettings', { variation: { showRiderPhone: true, showMap: true }, country: 'SG' });
      const page = await openTracking('en');
      try {
        await page.getByText(/^Your rider: /).waitFor();
        expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
      } finally {
        await page.context().close();
      }
    } finally {
      await ops(e2e.server, 'PUT', '/ops/flags/TrackingPageSettings', { variation: { showRiderPhone: false, showMap: true }, country: 'SA' });
    }
  });
});
