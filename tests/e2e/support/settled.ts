// A screen has settled when nothing on it says it is still loading (the app marks loading parts with
// aria-busy: maps until their style and first tiles are drawn, the trend chart, bulk lists, the
// request screen before its vendor) and its web fonts are in. Waiting for that instead of Playwright's
// 'networkidle' (500 ms with no request, which a live page's map tiles and polls keep putting off)
// waits for what the test looks at, and no longer.
import type { Page } from 'playwright-core';

/** Looked at this often, not on every animation frame: a frame callback asked for keeps the page
 * drawing frames for as long as the wait lasts (docs/decisions/0005-e2e-cpu.md, session 19). */
export const SETTLED_POLL_MS = 50;

export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && !document.querySelector('[aria-busy="true"]'), null, { polling: SETTLED_POLL_MS });
}
