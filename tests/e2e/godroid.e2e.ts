// GODROID mode (SPEC.md §1, §6, §7) in Chromium against the real server: the courier app's token
// (POST /ops/godroid-token) and its terms marker in localStorage open the portal embedded; the user
// accepts the terms, meets no help centre, and can leave. Screenshots: test-results/screenshots/godroid-*.png.
import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer();

async function godroidToken(): Promise<string> {
  const minted = await e2e.server.call('POST', '/ops/godroid-token', { body: { vendor_id: DEMO_VENDORS.saOlaya }, headers: { authorization: `Ops ${e2e.server.opsToken}` } });
  expect(minted.status, minted.text).toBe(200);
  return (minted.body as { token: string }).token;
}

describe('the portal inside the courier app', () => {
  const cases: [Viewport, string, string][] = [
    [DESKTOP, 'en', 'I accept'], [PHONE, 'en', 'I accept'], [DESKTOP, 'ar-SA', 'أوافق'], [PHONE, 'ar-SA', 'أوافق'],
  ];
  it.each(cases)('asks for the terms, shows no help centre, and lets the user leave (%j, %s)', async (viewport, locale, accept) => {
    const storage = { 'godroid-token': await godroidToken(), 'godroid-tos-required': 'true', 'godroid-locale': locale };
    const { page } = await e2e.browser.newPage({ viewport, storage });
    // The init script would put the token back on every load: only the first load gets it.
    await page.goto(`${e2e.server.baseUrl}/`);
    await page.waitForURL(/\/request-a-rider/);
    const terms = page.getByRole('dialog');
    await terms.getByRole('button', { name: accept }).waitFor();
    await screenshot(page, `godroid-terms-${viewport.width}-${locale}`);
    await terms.getByRole('button', { name: accept }).click();
    await terms.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('godroid-tos-required'))).toBeNull();

    // Help centre: neither the floating button nor a menu entry inside the courier app.
    expect(await page.locator('a[href^="/helpcenter"]').count()).toBe(0);
    await screenshot(page, `godroid-request-${viewport.width}-${locale}`);

    // The way out: the account menu (the drawer on a phone) logs out of the embedded session.
    const phone = viewport.width < 700;
    await page.getByRole('button', { name: phone ? (locale === 'en' ? 'Menu' : 'القائمة') : (locale === 'en' ? 'Account' : 'الحساب') }).click();
    const logout = page.getByRole('button', { name: locale === 'en' ? 'Log out' : 'تسجيل الخروج' });
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('godroid-token'))).toBeNull();
    await screenshot(page, `godroid-left-${viewport.width}-${locale}`);
    await page.close();
  }, 60_000);
});
