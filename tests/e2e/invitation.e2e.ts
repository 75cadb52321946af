// A team invitation (issue #27) in a real Chromium against the real server serving dist/ or
// E2E_DIST_DIR: the owner invites a Viewer through the API; the mailed link (read from the server's
// mail outbox) opens the invitation page, not a not-found page; the invitee chooses a password, is
// signed in and lands on order tracking, the first page a Viewer may open, with no Request tab.
// Screenshot: test-results/screenshots/invitation-*.png.
import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { inviteByMail, MEMBER_PASSWORD } from '../server/teamMembers';
import { DESKTOP, screenshot } from './support/browser';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

describe('team invitation link', () => {
  it('signs a new Viewer up through the mailed link and lands on order tracking', async () => {
    const owner = await e2e.server.login('vendor@example.com');
    const { email, token } = await inviteByMail(e2e.server, owner, 'viewer', DEMO_VENDORS.saParent);

    const { page } = await e2e.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/invitation?token=${encodeURIComponent(token)}`);
    await page.getByText(`This invitation is for ${email}, as Viewer.`).waitFor();
    await screenshot(page, 'invitation-desktop-en');
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();

    await page.waitForURL(/\/order-tracking/);
    // Once the role is known (the nav is aria-busy while the vendor list loads, and Request is not shown
    // then for anyone), so the absence below is the Viewer's, not the page's still loading.
    await page.getByRole('banner').locator('nav:not([aria-busy="true"])').getByRole('link', { name: 'Tracking' }).waitFor();
    expect(await page.getByRole('link', { name: 'Request a rider', exact: true }).count()).toBe(0);

    // The link is used: opened again, it says so and offers the way home.
    const { page: again } = await e2e.browser.newPage({ viewport: DESKTOP });
    await again.goto(`${e2e.server.baseUrl}/invitation?token=${encodeURIComponent(token)}`);
    await again.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await again.getByRole('link', { name: 'Go to the home page' }).waitFor();
  });
});
