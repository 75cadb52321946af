// Settings → Notifications on the server: an outlet's recipient messages are read and written under
// the vendor's tenancy, bad bodies answer 400 in the error shape, and nothing is on by default. The
// e-mail preview is the real template's message for the outlet, in a language of its country.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { signedInPair, type TestServer } from './harness';


let server: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({}, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const arabic = JSON.parse(readFileSync('public/locales/ar-SA.json', 'utf8')) as Record<string, string>;
const path = (vendorId: string) => `/vendor/${vendorId}/notification-settings`;

describe('notification settings', () => {
  it('are off until the vendor chooses', async () => {
    const read = await server.call('GET', path(DEMO_VENDORS.saDiriyah), { auth: vendorAuth });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ result: { email: [], sms: [] } });
  });

  it('are stored per outlet, in the events’ natural order', async () => {
    const written = await server.call('PUT', path(DEMO_VENDORS.saOlaya), { auth: vendorAuth, body: { email: ['delivered', 'placed'], sms: ['near'] } });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ result: { email: ['placed', 'delivered'], sms: ['near'] } });
    expect((await server.call('GET', path(DEMO_VENDORS.saOlaya), { auth: vendorAuth })).body).toEqual({ result: { email: ['placed', 'delivered'], sms: ['near'] } });
    expect((await server.call('GET', path(DEMO_VENDORS.saDiriyah), { auth: vendorAuth })).body).toEqual({ result: { email: [], sms: [] } });
  });

  it('refuse unknown events, repeats and unknown fields with 400', async () => {
    for (const body of [{ email: ['shipped'], sms: [] }, { email: ['placed', 'placed'], sms: [] }, { email: [], sms: [], push: [] }, { email: 'placed', sms: [] }, { email: [] }]) {
      const answer = await server.call('PUT', path(DEMO_VENDORS.saOlaya), { auth: vendorAuth, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, errors: [expect.objectContaining({ code: expect.any(String) })] });
    }
  });

  it("answer another tenant's vendor 403 and nobody 401, and change nothing", async () => {
    expect((await server.call('GET', path(DEMO_VENDORS.saOlaya), { auth: otherAuth })).status).toBe(403);
    expect((await server.call('PUT', path(DEMO_VENDORS.saOlaya), { auth: otherAuth, body: { email: [], sms: [] } })).status).toBe(403);
    expect((await server.call('GET', path(DEMO_VENDORS.saOlaya))).status).toBe(401);
    expect((await server.call('GET', path(DEMO_VENDORS.saOlaya), { auth: vendorAuth })).body).toEqual({ result: { email: ['placed', 'delivered'], sms: ['near'] } });
  });
});

describe('the e-mail preview', () => {
  const preview = (vendorId: string, query: string) => `/vendor/${vendorId}/notification-settings/email-preview?${query}`;
  const OUTLET = 'Riyadh Fresh Bakery - Olaya';

  it("is the event's e-mail for the outlet, from the portal's sender, in the country's default language", async () => {
    const answer = await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=on_the_way'), { auth: vendorAuth });
    expect(answer.status, answer.text).toBe(200);
    const { result } = answer.body as { result: { from: string; subject: string; text: string; language: string } };
    expect(result.language).toBe('en');
    expect(result.from).toBe('HungerStation Send <no-reply@hungerstation.localhost>');
    expect(result.subject).toBe(`Your order from ${OUTLET} is on its way`);
    const [body, , separator, optOut] = result.text.split('\n');
    expect(body).toMatch(new RegExp(`^The rider has collected your order from ${OUTLET} and is on the way to you\\. Track it here: http://\\S+/tracking/…$`));
    expect(separator).toBe('--');
    expect(optOut).toMatch(new RegExp(`^To stop messages from ${OUTLET}: http://\\S+/notifications/opt-out\\?m=…$`));
  });

  it('is written in the language asked for, when the country offers it', async () => {
    const answer = await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=delivered&language=ar-SA'), { auth: vendorAuth });
    expect(answer.status, answer.text).toBe(200);
    const { result } = answer.body as { result: { subject: string; text: string; language: string } };
    expect(result.language).toBe('ar-SA');
    expect(result.subject).toBe(arabic['recipient-message.delivered.subject']?.replace('{vendorName}', OUTLET));
    expect(result.text).toContain('/delivery-receipt/…');
  });

  it("refuses a language the vendor's country does not offer (422), an unknown event (400), another tenant (403) and nobody (401)", async () => {
    const otherLanguage = await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=placed&language=fr'), { auth: vendorAuth });
    expect(otherLanguage.status).toBe(422);
    expect(otherLanguage.body).toMatchObject({ status: 422, message: 'error.invalid-request' });
    expect((await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=shipped'), { auth: vendorAuth })).status).toBe(400);
    expect((await server.call('GET', preview(DEMO_VENDORS.saOlaya, ''), { auth: vendorAuth })).status).toBe(400);
    expect((await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=placed'), { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', preview(DEMO_VENDORS.saOlaya, 'event=placed'))).status).toBe(401);
  });
});
