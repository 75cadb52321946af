// Opening a path through the app's router instead of loading the app again: a history entry, as the
// app's own links push, then the popstate its router listens to. A route change costs a fraction of a
// page load's CPU, so e2e files that check several pages of one state walk them this way.
import type { Page } from 'playwright-core';

export async function routeInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}
