// Settings → Developers in a real Chromium against the real server: a user opens the page from the
// account menu, creates an order-writing API key for one branch, sees it once, the test places and
// reads an order with it through the API, then the user revokes it and the key's next call is 401.
// Screenshot: test-results/screenshots/developers-desktop-en.png.
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { signedInStorage } from './support/session';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

describe('Developers page', () => {
  it('creates a key shown once, the key places an order through the API, revoking it makes the next call 401', async () => {
    const storage = await signedInStorage(e2e.server, 'vendor@example.com', { selectedVendor: SA_PARENT });
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();

    await page.getByLabel('Key name').fill('Olaya till');
    await page.getByLabel('Access').selectOption('write');
    await page.getByRole('group', { name: 'Branches' }).getByText('Riyadh Fresh Bakery - Olaya', { exact: true }).click();
    await page.getByRole('button', { name: 'Create key' }).click();

    const revealed = page.getByTestId('revealed-api-key');
    await revealed.waitFor();
    const key = await revealed.inputValue();
    expect(key).toMatch(/^cpk_[0-9a-f]{16}_/);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Olaya till' });
    await expect(row.textContent()).resolves.toContain(key.split('_').slice(0, 2).join('_'));
    await screenshot(page, 'developers-desktop-en');

    // The key works through the API, with the app's rules, for its branch only.
    const auth = `ApiKey ${key}`;
    const quote = await quoteFee(e2e.server, auth, SA_OLAYA);
    const created = await e2e.server.call('POST', '/order', { auth, body: orderPayload(SA_OLAYA, quote) });
    expect(created.status, created.text).toBe(200);
    const orderId = resultOf<{ order_id: string }>(created.body).order_id;
    const read = await e2e.server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(read.status).toBe(200);
    expect((await e2e.server.call('GET', `/vendor/${SA_PARENT}/orders`, { auth })).status).toBe(403);

    // Shown once: after dismissing (and after a reload) the page never holds the key again.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await revealed.waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke Olaya till' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    const after = await e2e.server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(after.status).toBe(401);
  });
});
