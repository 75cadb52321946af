import type { Locator, Page } from 'playwright-core';

/**
 * The landing page's guest entry: 'Request a rider' starts the guest flow unless the
 * RequestARiderGoesToLogin flag sends that button to sign-in, when 'Continue as guest' is the entry.
 */
export const GUEST_ENTRY = /^(Request a rider|Continue as guest)$/;

/** Opens the guest dialog from the landing page and fills it in as Sara Guest; Continue is left to the test. */
export async function fillGuestDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: GUEST_ENTRY }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue as a guest' });
  await dialog.getByLabel('Your name').fill('Sara Guest');
  await dialog.getByLabel('Email address').fill('sara.guest@example.com');
  await dialog.getByLabel('Mobile number').fill('512345678');
  return dialog;
}
