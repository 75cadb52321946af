// Recipient notifications end to end on the server (issue 26): a stored status change queues the
// enabled messages on the durable job queue; each goes out once per order, event and channel, in the
// recipient's language, with working links; the opt-out link stops the next one; the order detail lists them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SentNotification } from '../../domain/api';
import type { Order } from '../../domain/types';
import { cataloguesDir, createCatalogues } from '../../server/notifications/catalogues';
import { createRecipientNotifier } from '../../server/notifications/notifier';
import { THROTTLE_LIMIT } from '../../domain/recipientNotifications';
import { findOrder, saveOrder } from '../../server/orders/repository';
import { SMS_OUTBOX_DIR, type SmsOutboxFile } from '../../server/sms/outboxSms';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';


let server: TestServer;
let auth: string;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const smsOutbox = (): SmsOutboxFile[] => {
  const dir = join(server.dataDir, SMS_OUTBOX_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SmsOutboxFile);
};
/** The harness reads .eml bodies as Latin-1; these are UTF-8 quoted-printable, so read the bytes again. */
const mailsTo = async (address: string) => (await server.outbox()).filter((mail) => mail.to.includes(address))
  .map((mail) => ({ ...mail, text: Buffer.from(mail.text, 'latin1').toString('utf8') }));
/** The opt-out page lives at the origin, outside the service prefixes `call` adds. */
const page = (url: URL, method: 'GET' | 'POST' = 'GET', signature?: string) => {
  const target = new URL(`${url.pathname}${url.search}`, server.baseUrl);
  if (signature !== undefined) target.searchParams.set('s', signature);
  return fetch(target, method === 'POST' ? { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' } : {});
};
const detail = async (vendorId: string, orderId: string) => resultOf<Order>((await server.call('GET', `/order?vendorId=${vendorId}&orderId=${orderId}`, { auth })).body);
/** GET /order's detail adds the recipient messages to the order. */
const messagesOf = async (vendorId: string, orderId: string): Promise<SentNotification[]> =>
  (await detail(vendorId, orderId) as Order & { recipient_messages?: SentNotification[] }).recipient_messages ?? [];
/** Waits until the order's log holds `count` messages (the queue works after the answer). */
const settled = (vendorId: string, orderId: string, count: number) =>
  vi.waitFor(async () => {
    const messages = await messagesOf(vendorId, orderId);
    if (messages.length < count || messages.some((m) => m.outcome === 'sending')) throw new Error(`${messages.length}/${count} messages`);
    return messages;
  }, { timeout: 10_000, interval: 50 });
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));

describe('recipient messages', () => {
  it('go out once per enabled event and channel, in the recipient’s language, with a working tracking link', async () => {
    await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: ['placed', 'on_the_way', 'delivered'], sms: ['placed', 'near'] } });
    const orderId = await placeOrder(server, auth, SA_OLAYA, {
      customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '050 123 4567', name: 'Sara Al-Harbi', email_address: ' Sara@Example.COM ', language: 'ar-SA' },
    });
    const placed = await settled(SA_OLAYA, orderId, 2);
    expect(placed.map((m) => [m.event, m.channel, m.outcome])).toEqual(expect.arrayContaining([['placed', 'email', 'sent'], ['placed', 'sms', 'sent']]));

    const [mail] = await mailsTo('sara@example.com');
    expect(mail?.text).toContain('تتبّعه');
    expect(mail?.from).toContain('HungerStation');
    const sms = smsOutbox().filter((file) => file.to === '+966501234567');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain('تتبّعه');
    // The tracking link in both opens the public tracking page.
    for (const text of [mail?.text ?? '', sms[0]?.body ?? '']) {
      const tracking = linksIn(text).find((url) => url.pathname.startsWith('/tracking/'));
      expect(tracking?.pathname).toBe(`/tracking/${orderId}`);
      // On this server's own origin (known only once it listened on its free port), as sent.
      expect(tracking?.origin).toBe(server.baseUrl);
      // Its token opens the order's public tracking (the API behind the page; the e2e opens the page itself).
      const page = await server.call('GET', `/tracking/${orderId}?t=${tracking?.searchParams.get('t') ?? ''}`);
      expect(page.status).toBe(200);
    }

    // Two statuses of one event (picked up, then left the vendor) send one message; near goes by SMS only.
    await moveOrder(server, orderId, 'PICKED_UP');
    await moveOrder(server, orderId, 'COURIER_LEFT_VENDOR');
    await moveOrder(server, orderId, 'NEAR_CUSTOMER');
    await moveOrder(server, orderId, 'DELIVERED');
    const all = await settled(SA_OLAYA, orderId, 5);
    expect(all.filter((m) => m.outcome === 'sent').map((m) => `${m.event}/${m.channel}`).sort())
      .toEqual(['delivered/email', 'near/sms', 'on_the_way/email', 'placed/email', 'placed/sms']);
    expect(await mailsTo('sara@example.com')).toHaveLength(3);
    expect(smsOutbox().filter((file) => file.to === '+966501234567')).toHaveLength(2);
    const delivered = (await mailsTo('sara@example.com')).find((m) => m.text.includes('إيصالك'));
    expect(linksIn(delivered?.text ?? '').some((url) => url.pathname === `/delivery-receipt/${orderId}`)).toBe(true);
  });

  it('stop after the opt-out link, for every later order of that vendor', async () => {
    await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: [], sms: ['placed', 'on_the_way', 'delivered'] } });
    const phone = '+966 55 000 1234';
    const first = await placeOrder(server, auth, SA_OLAYA, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: phone, name: 'Omar' } });
    await settled(SA_OLAYA, first, 1);
    const [sms] = smsOutbox().filter((file) => file.to === '+966550001234');
    expect(sms?.body).toContain('Track it here'); // no language on the order: the country's default (en)
    const optOut = linksIn(sms?.body ?? '').find((url) => url.pathname === '/notifications/opt-out');
    expect(optOut).toBeDefined();
    if (!optOut) return;
    const asked = await page(optOut);
    expect(asked.status).toBe(200);
    const askedText = await asked.text();
    expect(askedText).toContain('•••1234');
    expect(askedText).not.toContain('+966550001234');
    // Opening the link changes nothing (link previews fetch it); the button does, with the right signature.
    expect((await page(optOut, 'POST', 'wrong')).status).toBe(404);
    const done = await page(optOut, 'POST');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('no more messages');

    await moveOrder(server, first, 'PICKED_UP');
    const second = await placeOrder(server, auth, SA_OLAYA, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '0550001234', name: 'Omar' } });
    expect((await settled(SA_OLAYA, first, 2)).find((m) => m.event === 'on_the_way')?.outcome).toBe('opted-out');
    expect((await settled(SA_OLAYA, second, 1))[0]?.outcome).toBe('opted-out');
    expect(smsOutbox().filter((file) => file.to === '+966550001234')).toHaveLength(1);
  });

  it('are not sent for events the outlet left off, nor by a channel without an address', async () => {
    await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: ['cancelled'], sms: [] } });
    const orderId = await placeOrder(server, auth, SA_OLAYA);
    await moveOrder(server, orderId, 'RECEIVED'); // NEW is not cancellable (SPEC.md §4)
    const cancelled = await server.call('PUT', '/order/cancel', { auth, body: { order_id: orderId, vendor_id: SA_OLAYA, reason: 'cancel.reason.customer-cancelled' } });
    expect(cancelled.status).toBe(200);
    const messages = await settled(SA_OLAYA, orderId, 1);
    expect(messages.map((m) => [m.event, m.channel, m.outcome])).toEqual([['cancelled', 'email', 'no-address']]);
  });

  it('refuse an order whose recipient address or language is not valid (422, nothing created)', async () => {
    const customer = { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '+966501234567', name: 'Sara' };
    await expect(placeOrder(server, auth, SA_OLAYA, { customer: { ...customer, email_address: 'sara@example' } })).rejects.toThrow(/422.*validation.invalid-email/s);
    await expect(placeOrder(server, auth, SA_OLAYA, { customer: { ...customer, language: 'ja' } })).rejects.toThrow(/422.*customer.language/s);
  });
});

describe('the queue', () => {
  it('keeps a queued message when the process that queued it dies: another runner sends it', async () => {
    await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: [], sms: ['delivered'] } });
    const orderId = await placeOrder(server, auth, SA_OLAYA, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '+966 56 777 0001', name: 'Huda' } });
    // The status change is stored by "a process" that queues the message and dies before running it:
    // a notifier that is never started, on the same database.
    const stored = await findOrder(server.app.db, orderId);
    if (!stored) throw new Error('order not stored');
    const delivered = { ...stored.order, status: 'DELIVERED' as const };
    await saveOrder(server.app.db, delivered);
    const dying = createRecipientNotifier({
      db: server.app.db, clock: server.app.clock, country: 'SA', onError: () => {},
      mailer: { send: () => Promise.reject(new Error('never runs')) }, sms: { send: () => Promise.reject(new Error('never runs')) },
      catalogues: createCatalogues(cataloguesDir(server.config.distDir), server.config.brand),
      links: { publicUrl: server.config.publicUrl, linkSigningSecret: server.config.secrets.linkSigningSecret },
    });
    await dying.orderChanged(delivered);
    await dying.orderChanged(delivered); // announced twice: still one job
    // The running server's queue claims it and sends it, once.
    const [message] = await settled(SA_OLAYA, orderId, 1);
    expect(message).toMatchObject({ event: 'delivered', channel: 'sms', outcome: 'sent' });
    expect(smsOutbox().filter((file) => file.to === '+966567770001')).toHaveLength(1);
  });

  it('holds back a message to a recipient who already got the throttle limit from the vendor this hour', async () => {
    await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: [], sms: ['placed'] } });
    const nowS = server.app.clock.nowS();
    await server.app.db.insertInto('notification_messages').values(Array.from({ length: THROTTLE_LIMIT }, (_, i) => ({
      message_key: `earlier-${i}:placed:sms`, order_id: `earlier-${i}`, vendor_id: SA_OLAYA, event: 'placed', channel: 'sms', recipient: '+966567770002', outcome: 'sent', created_at: nowS - 60,
    }))).execute();
    const orderId = await placeOrder(server, auth, SA_OLAYA, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '+966 56 777 0002', name: 'Huda' } });
    expect((await settled(SA_OLAYA, orderId, 1))[0]?.outcome).toBe('throttled');
    expect(smsOutbox().filter((file) => file.to === '+966567770002')).toHaveLength(0);
  });
});
