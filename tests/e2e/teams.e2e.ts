// Issue #27 "Done when", teams part, in a real Chromium against the real server: the owner invites a
// Dispatcher through Settings → Team; the dispatcher signs up through the mailed link (read from the
// server's outbox), places an order through the request form and cancels it, and sees neither the
// History export nor the settings links (Team, Audit, Developers, Notifications); the owner opens
// Settings → Audit and finds both actions by that member. The owner sends one pending invitation again
// (the outbox holds both mails; the first link stops working, the second works) and withdraws another
// (its link answers with the translated error page); the audit trail shows both. The Team page is also
// shot in ar-SA, at 1440 and 375 px, where each member and invitation is a card. Screenshots:
// test-results/screenshots/teams-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { mailAfter } from '../server/mailWait';
import { inviteByMail, MEMBER_PASSWORD } from '../server/teamMembers';
import { moveOrder, SA_PARENT } from '../server/orders-fixtures';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { useE2eServer } from './support/e2eServer';
import { fillOlayaDelivery, landedOrderId, signedInPage } from './request-flow';
import { settled } from './support/settled';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

const DISPATCHER = `dispatcher-${process.pid}@example.com`;
const AR: Record<string, string> = JSON.parse(readFileSync(join(process.cwd(), 'public/locales/ar-SA.json'), 'utf8'));

/** The token of an invitation mail's link. */
const tokenOf = (text: string): string => decodeURIComponent(/\/invitation\?token=(\S+)/.exec(text)?.[1] ?? '');

/** Opens an invitation link in a fresh, signed-out page, in the language `locale` when given (as chosen in the language menu). */
async function openInvitation(token: string, locale?: string): Promise<Page> {
  const { page } = await e2e.browser.newPage({ viewport: DESKTOP, ...(locale ? { locale, storage: { 'portal.locale': locale } } : {}) });
  await page.goto(`${e2e.server.baseUrl}/invitation?token=${encodeURIComponent(token)}`);
  return page;
}

/** The owner's audit trail filtered to one action (chosen by its label): each row's action and text. */
async function auditRows(page: Page, action: string, label: string): Promise<{ action: string | null; text: string }[]> {
  await settled(page);
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label });
  await page.getByRole('button', { name: 'Apply' }).click();
  // Filtered once the rows of other actions are gone and one of this action is shown.
  await page.locator(`[data-testid="audit-row"]:not([data-action="${action}"])`).first().waitFor({ state: 'detached' });
  await page.locator(`[data-testid="audit-row"][data-action="${action}"]`).first().waitFor();
  await settled(page);
  return page.getByTestId('audit-row').evaluateAll((found) => found.map((row) => ({ action: row.getAttribute('data-action'), text: row.textContent ?? '' })));
}

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

  it('sends an invitation again (only the new link works) and withdraws another (its link is refused, translated); both are audited', async () => {
    const owner = await e2e.server.login('vendor@example.com');
    const again = await inviteByMail(e2e.server, owner, 'dispatcher', DEMO_VENDORS.saParent);
    const withdrawn = await inviteByMail(e2e.server, owner, 'viewer', DEMO_VENDORS.saParent);
    const page = await ownerPage();
    await page.goto(`${e2e.server.baseUrl}/settings/team`);
    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    await invitations.getByRole('rowheader', { name: again.email }).waitFor();

    // Send again: a second mail with a fresh link.
    const resent = await mailAfter(e2e.server, again.email, async () => {
      await invitations.getByRole('button', { name: `Send again ${again.email}` }).click();
      await page.getByText(`A new invitation link was sent to ${again.email}.`).waitFor();
    });
    const mails = (await e2e.server.outbox()).filter((mail) => mail.to.includes(again.email));
    expect(mails.map((mail) => tokenOf(mail.text))).toEqual([again.token, tokenOf(resent.text)]);
    expect(tokenOf(resent.text)).not.toBe(again.token);

    // Withdraw, after the confirmation: the invitation leaves the list.
    await invitations.getByRole('button', { name: `Withdraw ${withdrawn.email}` }).click();
    const confirm = page.getByRole('dialog', { name: `Withdraw the invitation to ${withdrawn.email}?` });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await invitations.getByRole('rowheader', { name: withdrawn.email }).waitFor({ state: 'detached' });
    await invitations.getByRole('rowheader', { name: again.email }).waitFor();
    await settled(page);
    await screenshot(page, 'teams-desktop-en-resent-withdrawn');

    // The first link no longer works; the second does.
    const oldLink = await openInvitation(again.token);
    await oldLink.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    const newLink = await openInvitation(tokenOf(resent.text));
    await newLink.getByText(`This invitation is for ${again.email}, as Dispatcher.`).waitFor();
    // The withdrawn link, opened in Arabic: the error page in Arabic, right to left.
    const refused = await openInvitation(withdrawn.token, 'ar-SA');
    await refused.getByRole('heading', { name: AR['invitation.unusable.title'] }).waitFor();
    await refused.getByText(AR['team.error.invitation-invalid'] ?? '').waitFor();
    expect(await refused.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(refused, 'teams-desktop-ar-SA-withdrawn-link');

    // The audit trail: each action once, on the address it concerned.
    await page.goto(`${e2e.server.baseUrl}/settings/audit`);
    await page.getByTestId('audit-row').first().waitFor();
    for (const [action, label, email] of [['invitation.resent', 'Resent an invitation', again.email], ['invitation.revoked', 'Withdrew an invitation', withdrawn.email]] as const) {
      const rows = await auditRows(page, action, label);
      expect(rows.map((row) => row.action)).toEqual([action]);
      expect(rows[0]?.text).toContain('vendor@example.com');
      expect(rows[0]?.text).toContain(email);
    }
    await screenshot(page, 'teams-desktop-en-audit-invitations');
  });

  it('shows the Team page in Arabic, right to left, and at 375 px as one card per member and invitation', async () => {
    const { email: invited } = await inviteByMail(e2e.server, await e2e.server.login('vendor@example.com'), 'manager', DEMO_VENDORS.saParent);
    const arabic = await ownerPage({ locale: 'ar-SA' });
    await arabic.goto(`${e2e.server.baseUrl}/settings/team`);
    await arabic.getByRole('rowheader', { name: 'vendor@example.com' }).first().waitFor();
    await arabic.getByRole('rowheader', { name: invited }).waitFor();
    await settled(arabic);
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.getByRole('heading', { name: 'الفريق', level: 1 }).waitFor();
    await screenshot(arabic, 'teams-desktop-ar-SA');

    // The same page at 375 px (the layout is CSS only: resized, not loaded again).
    await arabic.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await settled(arabic);
    await screenshot(arabic, 'teams-phone-ar-SA');
    const layout = await arabic.evaluate(() => [...document.querySelectorAll('main table')].map((table) => ({
      // Nothing scrolls sideways: neither the page nor a table.
      tableOverflow: table.scrollWidth - table.clientWidth,
      headersShown: (table.querySelector('thead')?.getBoundingClientRect().width ?? 0) > 1,
      // Each row a card as wide as the table, one under the other, each value under its column's name.
      rows: [...table.querySelectorAll('tbody tr')].map((row) => ({
        widthShare: row.getBoundingClientRect().width / table.getBoundingClientRect().width,
        top: row.getBoundingClientRect().top,
        labels: [...row.querySelectorAll('td[data-label]')].map((cell) => getComputedStyle(cell, '::before').content === `"${cell.getAttribute('data-label')}"`),
      })),
    })));
    expect(await arabic.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(layout).toHaveLength(2);
    for (const table of layout) {
      expect(table.tableOverflow).toBeLessThanOrEqual(0);
      expect(table.headersShown).toBe(false);
      for (const row of table.rows) {
        expect(row.widthShare).toBeGreaterThan(0.95);
        expect(row.labels).toEqual([true, true, true]);
      }
      const tops = table.rows.map((row) => row.top);
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      expect(new Set(tops).size).toBe(tops.length);
    }
    // The row's buttons keep their names with the row, and still work: the invite dialog opens too.
    await arabic.getByRole('button', { name: `${AR['team.invitation.revoke']} ${invited}` }).waitFor();
    await arabic.getByRole('button', { name: AR['team.invite'] }).click();
    await arabic.getByRole('dialog').waitFor();
    await screenshot(arabic, 'teams-phone-ar-SA-invite');
  });
});
