// The data tables of Settings (Audit, Developers: API keys and a webhook's delivery log) in Chromium:
// on a desktop each fills its card; at 375 px, in Arabic (right to left), each row is a card and the
// page never scrolls sideways. Screenshots of both are kept for a reviewer.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { startWebhookReceiver } from '../server/webhookReceiver';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { useE2eServer } from './support/e2eServer';
import { signedInStorage } from './support/session';
import { settled } from './support/settled';

const AR = JSON.parse(readFileSync('public/locales/ar-SA.json', 'utf8')) as Record<string, string>;
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

beforeAll(async () => {
  // A key, an endpoint to a local receiver and an order placed with the key: an audit trail, a key row and a delivery.
  const receiver = await startWebhookReceiver();
  const session = await e2e.server.login('vendor@example.com');
  const created = await e2e.server.call('POST', '/api-keys', { auth: session, body: { name: 'Olaya till', access: 'write', vendor_ids: [SA_OLAYA] } });
  const auth = `ApiKey ${resultOf<{ key: string }>(created.body).key}`;
  const hook = await e2e.server.call('POST', '/webhooks', { auth: session, body: { vendor_id: SA_OLAYA, url: receiver.url, events: ['order.created'] } });
  expect(hook.status, hook.text).toBe(200);
  const placed = await e2e.server.call('POST', '/order', { auth, body: orderPayload(SA_OLAYA, await quoteFee(e2e.server, auth, SA_OLAYA)) });
  expect(placed.status, placed.text).toBe(200);
  await vi.waitFor(() => expect(receiver.accepted().length).toBeGreaterThanOrEqual(1), { timeout: 15_000, interval: 100 });
  await receiver.close();
});

async function open(path: string, ready: string, viewport: Viewport, locale: string): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale, selectedVendor: SA_PARENT });
  const { page } = await e2e.browser.newPage({ viewport, storage });
  await page.goto(`${e2e.server.baseUrl}${path}`);
  await page.locator(ready).first().waitFor();
  await settled(page);
  return page;
}

/** Each table's width against its card's content box, and how its first body row is laid out. */
function tableLayout(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('main table')].map((table) => {
    // The table's scrolling wrapper sits in the card (or a section of it).
    const card = table.parentElement!.parentElement!;
    const style = getComputedStyle(card);
    const cardContent = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      fillsCard: table.getBoundingClientRect().width >= cardContent - 1,
      rowDisplay: getComputedStyle(table.querySelector('tbody tr')!).display,
    };
  }));
}

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('Settings tables', () => {
  for (const { name, path, ready, openLog } of [
    { name: 'audit', path: '/settings/audit', ready: '[data-testid="audit-row"]', openLog: false },
    { name: 'developers', path: '/settings/developers', ready: '[data-testid="api-key-row"]', openLog: true },
  ]) {
    it(`${name}: tables fill their card at 1440 px (en), and each row is a card at 375 px in Arabic, with no sideways scroll`, async () => {
      const page = await open(path, ready, DESKTOP, 'en');
      if (openLog) {
        await page.getByRole('button', { name: 'Deliveries' }).click();
        await page.getByTestId('webhook-delivery').first().waitFor();
      }
      const desktop = await tableLayout(page);
      expect(desktop.length).toBeGreaterThan(0);
      expect(desktop).toEqual(desktop.map(() => ({ fillsCard: true, rowDisplay: 'table-row' })));
      await screenshot(page, `tables-${name}-desktop-en`);

      const phone = await open(path, ready, PHONE, 'ar-SA');
      if (openLog) {
        await phone.getByRole('button', { name: AR['developers.webhooks.log'] }).click();
        await phone.getByTestId('webhook-delivery').first().waitFor();
      }
      expect((await tableLayout(phone)).map((table) => table.rowDisplay)).toEqual(desktop.map(() => 'grid'));
      expect(await pageScrollsSideways(phone)).toBe(false);
      await screenshot(phone, `tables-${name}-phone-ar-SA`);
    });
  }
});
