// Settings → Notifications on the server: an outlet's recipient messages are read and written under
// the vendor's tenancy, bad bodies answer 400 in the error shape, and nothing is on by default.
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
