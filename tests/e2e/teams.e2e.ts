// Issue #27 "Done when", teams part, in a real Chromium against the real server: the owner invites a
// Dispatcher through Settings → Team; the dispatcher signs up through the mailed link (read from the
// server's outbox), places an order through the request form and cancels it, and sees neither the
// History export nor the settings links (Team, Audit, Developers, Notifications); the owner opens
// Settings → Audit and finds both actions by that member. The Team page is also shot in ar-SA and at
// 375 px. Screenshots: test-results/screenshots/teams-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailAfter } from '../server/mailWait';
import { MEMBER_PASSWORD } from '../server/teamMembers';
import { moveOrder, SA_PARENT } from '../server/orders-fixtures';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { useE2eServer } from './support/e2eServer';
import { fillOlayaDelivery, landedOrderId, signedInPage } from './request-flow';
import { settled } from './support/settled';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

const DISPATCHER = `dispatcher-${process.pid}@example.com`;

async function ownerPage(options: { viewport?: typeof DESKTOP; locale?: string } = {}): Promise<Page> {
  return signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: options.viewport ?? DESKTOP, ...(options.locale ? { locale: options.locale } : {}) });
}

/** The owner invites `email` as `role` through the Team page's dialog; answers the mailed link. */
async function inviteThroughTeamPage(page: Page, email: string, role: string): Promise<string> {
  await page.goto(`${e2e.server.baseUrl}/settings/team`);
  await page.getByRole('rowheader', { name: 'vendor@example.com' }).first().waitFor();
  const mail = await mailAfter(e2e.server, email, async () => {
    await page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invitation' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
  });
  const link = /https?:\/\/\S+\/invitation\?token=\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return new URL(link ?? '').search;
}

describe('teams: invite, act, audit', () => {
  it('an invited dispatcher places and cancels an order, sees no exports nor settings, and the owner reads both in the audit trail', async () => {
    const owner = await ownerPage();
    const search = await inviteThroughTeamPage(owner, DISPATCHER, 'Dispatcher');
    await owner.getByRole('region', { name: 'Pending invitations' }).getByText(DISPATCHER).waitFor();
    await screenshot(owner, 'teams-desktop-en-invited');

    // The dispatcher signs up through the mailed link and lands on the request form.
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/invitation${search}`);
    await page.getByText(`This invitation is for ${DISPATCHER}, as Dispatcher.`).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL(/\/request-a-rider/);

    // Places an order through the request form…
    await fillOlayaDelivery(page, '45');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Request a rider' }).click();
    const orderId = await landedOrderId(page);

    // …and, once it waits for a rider (a new order is not cancellable yet), cancels it from its drawer with a reason.
    await moveOrder(e2e.server, orderId, 'WAITING_FOR_TRANSPORT');
    await page.reload();
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const picker = page.getByRole('dialog', { name: 'Cancel this order?' });
    await picker.getByLabel('The customer cancelled').check();
    await picker.getByRole('button', { name: 'Cancel order' }).click();
    await picker.waitFor({ state: 'detached' });

    // No export on History, and no Team, Audit, Developers or Notifications in the account menu.
    await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
    await page.getByRole('link', { name: 'History' }).first().waitFor();
    await settled(page);
    expect(await page.getByRole('region', { name: 'Export' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByText(DISPATCHER).first().waitFor();
    for (const link of ['Team', 'Audit trail', 'Developers', 'Notifications']) {
      expect(await page.getByRole('link', { name: link, exact: true }).count(), link).toBe(0);
    }
    await screenshot(page, 'teams-desktop-en-dispatcher-menu');
    // Typed in, the settings pages send the dispatcher back to where its role may be.
    await page.goto(`${e2e.server.baseUrl}/settings/team`);
    await page.waitForURL(/\/request-a-rider/);

    // The owner's audit trail, filtered to that member: the order placed and cancelled, reason translated.
    await owner.goto(`${e2e.server.baseUrl}/settings/audit`);
    await owner.getByLabel("Member's e-mail").fill(DISPATCHER);
    await owner.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Today' });
    await owner.getByRole('button', { name: 'Apply' }).click();
    const rows = owner.getByTestId('audit-row');
    await rows.filter({ hasText: 'Cancelled an order' }).waitFor();
    await settled(owner);
    const actions = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-action')));
    // Newest first: the cancel, the order, and the member joining through the link.
    expect(actions).toEqual(['order.cancelled', 'order.placed', 'member.joined']);
    for (const text of await rows.allTextContents()) expect(text).toContain(DISPATCHER);
    for (const text of (await rows.allTextContents()).slice(0, 2)) expect(text).toContain(orderId);
    await expect(rows.first().textContent()).resolves.toContain('The customer cancelled');
    await screenshot(owner, 'teams-desktop-en-audit');
  });

  it('shows the Team page in Arabic, right to left, and at 375 px', async () => {
    const arabic = await ownerPage({ locale: 'ar-SA' });
    await arabic.goto(`${e2e.server.baseUrl}/settings/team`);
    await arabic.getByRole('rowheader', { name: 'vendor@example.com' }).first().waitFor();
    await settled(arabic);
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.getByRole('heading', { name: 'الفريق', level: 1 }).waitFor();
    await screenshot(arabic, 'teams-desktop-ar-SA');

    const phone = await ownerPage({ viewport: PHONE, locale: 'ar-SA' });
    await phone.goto(`${e2e.server.baseUrl}/settings/team`);
    await phone.getByRole('rowheader', { name: 'vendor@example.com' }).first().waitFor();
    await settled(phone);
    await screenshot(phone, 'teams-phone-ar-SA');
    // Nothing wider than the phone but the table, which scrolls inside its card.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: 'دعوة عضو' }).click();
    await phone.getByRole('dialog').waitFor();
    await screenshot(phone, 'teams-phone-ar-SA-invite');
  });
});
