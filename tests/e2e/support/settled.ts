// A screen has settled when nothing on it says it is still loading (the app marks loading parts with
// aria-busy: maps until their style and first tiles are drawn, the trend chart, bulk lists, the
// request screen before its vendor) and its web fonts are in. Waiting for that instead of Playwright's
// 'networkidle' (500 ms with no request, which a live page's map tiles and polls keep putting off)
// waits for what the test looks at, and no longer.
import type { Page } from 'playwright-core';

export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && !document.querySelector('[aria-busy="true"]'));
}
