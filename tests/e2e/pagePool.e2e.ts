// The page pool (support/pagePool.ts) hands one test's page to the next: nothing of the earlier test may
// reach the later one (storage, cookies, its storage script, its listeners), and a page whose test
// changed what a reset cannot undo is not handed on at all. Against a bare local origin, no app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/browser';

let browser: LaunchedBrowser;
let site: Server;
let origin: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>${request.url ?? ''}</title>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** What the page's origin holds in its storages and cookies. */
function storedOn(page: Page) {
  return page.evaluate(() => ({ local: { ...window.localStorage }, session: { ...window.sessionStorage }, cookies: document.cookie }));
}

describe('the e2e page pool', () => {
  it('hands a closed page to the next taker with nothing of the earlier use left', async () => {
    const first = await browser.newPage({ storage: { 'portal.locale': 'ar-SA' } });
    await first.page.goto(`${origin}/first`);
    await first.page.evaluate(() => {
      window.localStorage.setItem('written-by-the-app', '1');
      window.sessionStorage.setItem('tab', '1');
      document.cookie = 'c=1; path=/';
    });
    expect(await storedOn(first.page)).toEqual({ local: { 'portal.locale': 'ar-SA', 'written-by-the-app': '1' }, session: { tab: '1' }, cookies: 'c=1' });
    const seenByEarlierTest: string[] = [];
    first.page.on('load', () => seenByEarlierTest.push('load'));
    await first.page.close();

    const second = await browser.newPage();
    expect(second.page, 'the same page, loading again').toBe(first.page);
    await second.page.goto(`${origin}/second`);
    expect(await storedOn(second.page)).toEqual({ local: {}, session: {}, cookies: '' });
    expect(seenByEarlierTest, 'the earlier test\'s listener saw neither the reset nor the next test').toEqual([]);
    await second.page.close();
  });

  it('sets the viewport the taker asks for', async () => {
    const phone = await browser.newPage({ viewport: { name: 'phone', width: 375, height: 812 } });
    await phone.page.goto(`${origin}/phone`);
    expect(await phone.page.evaluate(() => window.innerWidth)).toBe(375);
    await phone.page.close();
    const desktop = await browser.newPage();
    expect(desktop.page).toBe(phone.page);
    expect(await desktop.page.evaluate(() => window.innerWidth)).toBe(1440);
    await desktop.page.close();
  });

  it('keeps pages of another language apart', async () => {
    const english = await browser.newPage({ locale: 'en-US' });
    await english.page.close();
    const arabic = await browser.newPage({ locale: 'ar-SA' });
    expect(arabic.page).not.toBe(english.page);
    await arabic.page.goto(`${origin}/ar`);
    expect(await arabic.page.evaluate(() => navigator.language)).toBe('ar-SA');
    await arabic.page.close();
  });

  it.each([
    ['a fake clock', (page: Page) => page.clock.install()],
    ['offline mode', (page: Page) => page.context().setOffline(true)],
    ['a route', (page: Page) => page.route('**/*', (route) => route.continue())],
    ['an init script of its own', (page: Page) => page.context().addInitScript(() => undefined)],
  ])('does not hand on a page whose test installed %s', async (_, change) => {
    const used = await browser.newPage({ locale: 'fr-FR' });
    await used.page.goto(`${origin}/changed`);
    await change(used.page);
    await used.page.close();
    expect(used.page.isClosed(), 'closed for good').toBe(true);
    const next = await browser.newPage({ locale: 'fr-FR' });
    expect(next.page).not.toBe(used.page);
    await next.page.close();
  });
});
