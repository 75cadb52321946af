// Recipient notifications (issue 26) in a real Chromium against the real server serving dist/ or
// E2E_DIST_DIR: a vendor opens Settings → Notifications from the account menu, turns on the SMS for
// "Rider on the way" for one branch and saves; requests a rider for that branch with the recipient's
// phone, e-mail and language (Arabic); the order is picked up; the SMS lands in the SMS outbox
// (DATA_DIR/sms-outbox) in Arabic and the order drawer says "SMS sent". The same page in ar-SA, right to left.
// Then, with e-mail and SMS on for "placed" and "on the way": an order for an Arabic-speaking recipient
// writes one .eml and one SMS file in Arabic, the tracking link in each opens the order's public
// tracking page in Chromium, the SMS's opt-out link and its button stop the next SMS (the e-mail of the
// same event still goes, so the event did fire). Screenshots:
// test-results/screenshots/notifications-*.png.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SMS_OUTBOX_DIR, type SmsOutboxFile } from '../../server/sms/outboxSms';
import type { SentNotification } from '../../domain/api';
import { moveOrder, placeOrder, resultOf, SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { fillOlayaDelivery, landedOrderId } from './request-flow';
import { DESKTOP, screenshot } from './support/browser';
import { useE2eServer } from './support/e2eServer';
import { signedInStorage } from './support/session';
import { settled } from './support/settled';

// COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone decides the statuses.
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

const OLAYA = 'Riyadh Fresh Bakery - Olaya';

/** The SMS files the outbox adapter wrote, one per message. */
function smsOutbox(): SmsOutboxFile[] {
  const dir = join(e2e.server.dataDir, SMS_OUTBOX_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SmsOutboxFile);
}

/** The .eml files to one address; the harness reads bodies as Latin-1, these are UTF-8 quoted-printable. */
async function mailsTo(address: string) {
  return (await e2e.server.outbox()).filter((mail) => mail.to.includes(address)).map((mail) => ({ ...mail, text: Buffer.from(mail.text, 'latin1').toString('utf8') }));
}

const linkIn = (text: string, path: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0])).find((url) => url.pathname.startsWith(path));

/** Waits until `read` gives `count` items (the job queue works after the status change commits). */
const untilCount = <T>(read: () => T[] | Promise<T[]>, count: number) =>
  vi.waitFor(async () => {
    const items = await read();
    if (items.length < count) throw new Error(`${items.length}/${count} so far`);
    return items;
  }, { timeout: 15_000, interval: 100 });

describe('Settings → Notifications', () => {
  it('an SMS turned on for "Rider on the way" reaches the outbox when the order is picked up, and the drawer says "SMS sent"', async () => {
    const storage = await signedInStorage(e2e.server, 'vendor@example.com', { selectedVendor: SA_PARENT });
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP, storage });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

    // The branch the order will come from; nothing is sent until the vendor chooses.
    await page.getByLabel('Branch', { exact: true }).selectOption({ label: OLAYA });
    await page.getByText('This branch sends no messages yet.').waitFor();
    const sms = page.getByRole('group', { name: 'By SMS' });
    await sms.getByLabel('Rider on the way').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. New messages follow these settings.').waitFor();
    expect(await page.getByTestId('notification-preview').textContent()).toContain(OLAYA);
    // The e-mail preview is the server's own template for the branch: "Rider on the way" first.
    await expect.poll(() => page.getByTestId('email-preview-subject').textContent()).toBe(`Your order from ${OLAYA} is on its way`);
    await page.getByLabel('Order update', { exact: true }).selectOption({ label: 'Delivered, with the receipt link' });
    await expect.poll(() => page.getByTestId('email-preview-subject').textContent()).toBe(`Your order from ${OLAYA} has been delivered`);
    expect(await page.getByTestId('email-preview-body').textContent()).toMatch(/Your receipt: http:\/\/\S+\/delivery-receipt\/…/);
    await screenshot(page, 'notifications-desktop-en');

    // Stored on the server: the branch's settings read back as saved.
    const auth = await e2e.server.login('vendor@example.com');
    const stored = await e2e.server.call('GET', `/vendor/${SA_OLAYA}/notification-settings`, { auth });
    expect(stored.body).toMatchObject({ result: { email: [], sms: ['on_the_way'] } });

    // The order, through the request form: the recipient's phone, e-mail and language (Arabic).
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/${SA_OLAYA}`);
    await fillOlayaDelivery(page, '85', { name: 'Layla Haddad', phone: '050 765 4321' });
    await page.getByLabel('Customer e-mail (optional)').fill(' Layla@Example.com ');
    await page.getByLabel("Language of the customer's messages").selectOption({ label: 'العربية' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Request a rider' }).click();
    const orderId = await landedOrderId(page);
    const placed = await e2e.server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(placed.body).toMatchObject({ result: { customer: { name: 'Layla Haddad', email_address: 'layla@example.com', language: 'ar-SA' } } });

    await moveOrder(e2e.server, orderId, 'RECEIVED');
    expect(smsOutbox().filter((file) => file.body.includes(orderId)), 'no SMS for a placed order: only "on the way" is on').toEqual([]);
    await moveOrder(e2e.server, orderId, 'PICKED_UP');
    const [message] = await vi.waitFor(() => {
      const files = smsOutbox().filter((file) => file.body.includes(orderId));
      if (files.length === 0) throw new Error('no SMS yet');
      return files;
    }, { timeout: 15_000, interval: 100 });
    expect(message?.to).toBe('+966507654321');
    // In the recipient's language, naming the branch.
    expect(message?.body).toContain('استلم المندوب طلبك من Riyadh Fresh Bakery - Olaya');

    // The live order's drawer lists the message.
    await page.goto(`${e2e.server.baseUrl}/order-tracking/${SA_OLAYA}?order_id=${encodeURIComponent(orderId)}`);
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    const log = drawer.getByTestId('recipient-messages');
    await log.locator('[data-outcome="sent"]').waitFor();
    expect(await log.textContent()).toMatch(/SMS sent \d{1,2}:\d{2}/);
    expect(await log.textContent()).toContain('Rider on the way');
    await settled(page);
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'notifications-drawer-desktop-en');
  });

  it('reads right to left in Arabic', async () => {
    const storage = await signedInStorage(e2e.server, 'vendor@example.com', { selectedVendor: SA_OLAYA, locale: 'ar-SA' });
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP, storage });
    await page.goto(`${e2e.server.baseUrl}/settings/notifications`);
    await page.getByRole('heading', { name: 'الإشعارات', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const sms = page.getByRole('group', { name: 'بالرسائل النصية' });
    await sms.getByLabel('المندوب في الطريق').waitFor();
    // The e-mail preview in Arabic, the recipient's language when the order names it: the server's Arabic template, right to left.
    const preview = page.locator('[aria-labelledby="email-preview-heading"]');
    await preview.getByLabel('اللغة', { exact: true }).selectOption('ar-SA');
    await expect.poll(() => page.getByTestId('email-preview-subject').textContent()).toBe(`طلبك من ${OLAYA} في الطريق إليك`);
    expect(await page.getByTestId('email-preview').getAttribute('dir')).toBe('rtl');
    await settled(page);
    await screenshot(page, 'notifications-desktop-ar-SA');
  });

  it('sends the e-mail and SMS of each enabled event in Arabic, with a tracking link that opens in Chromium; the opt-out link stops the next SMS', async () => {
    const auth = await e2e.server.login('vendor@example.com');
    const saved = await e2e.server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: ['placed', 'on_the_way'], sms: ['placed', 'on_the_way'] } });
    expect(saved.status, saved.text).toBe(200);
    const orderId = await placeOrder(e2e.server, auth, SA_OLAYA, {
      customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '055 432 1987', name: 'Noura', email_address: 'noura@example.com', language: 'ar-SA' },
    });
    const smsToNoura = () => smsOutbox().filter((file) => file.to === '+966554321987');

    // "Placed": one e-mail and one SMS, in Arabic, each with the order's tracking link.
    const [mail] = await untilCount(() => mailsTo('noura@example.com'), 1);
    const [sms] = await untilCount(smsToNoura, 1);
    // From the brand's sender name.
    expect(mail?.from).toContain('HungerStation');
    for (const text of [mail?.text ?? '', sms?.body ?? '']) {
      expect(text).toContain('تتبّعه');
      const tracking = linkIn(text, '/tracking/');
      expect(tracking?.pathname).toBe(`/tracking/${orderId}`);
      const { page } = await e2e.browser.newPage({ viewport: DESKTOP });
      await page.goto(tracking?.href ?? '');
      // The public page of this order (no sign-in), at its status.
      expect(await page.locator('[data-tracking-status]').getAttribute('data-tracking-status', { timeout: 15_000 })).toMatch(/^(NEW|RECEIVED)$/);
      await page.close();
    }

    // The SMS's opt-out link: the page asks in the recipient's language, the button opts the number out.
    const optOut = linkIn(sms?.body ?? '', '/notifications/opt-out');
    expect(optOut).toBeDefined();
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP });
    await page.goto(optOut?.href ?? '');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('button', { name: 'إيقاف الرسائل' }).click();
    expect(await page.getByRole('status').textContent()).toContain('•••1987');
    await page.close();

    // "On the way": the e-mail goes, the opted-out number gets nothing; the order's log says why.
    await moveOrder(e2e.server, orderId, 'PICKED_UP');
    await untilCount(() => mailsTo('noura@example.com'), 2);
    const onTheWay = await vi.waitFor(async () => {
      const order = resultOf<{ recipient_messages?: SentNotification[] }>((await e2e.server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth })).body);
      const sent = order.recipient_messages?.find((message) => message.event === 'on_the_way' && message.channel === 'sms');
      if (!sent || sent.outcome === 'sending') throw new Error('the on-the-way SMS is not settled yet');
      return sent;
    }, { timeout: 15_000, interval: 100 });
    expect(onTheWay.outcome).toBe('opted-out');
    expect(smsToNoura()).toHaveLength(1);
  });
});
