// Saved order templates per outlet (issue #27): create, list, update, delete under vendor tenancy;
// another account's vendor or template answers like a missing one and is never changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTemplate } from '../../domain/api';
import { DEMO_VENDORS } from '../../server/db/seed';
import { signedInPair, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({}, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const OLAYA = DEMO_VENDORS.saOlaya;
const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Morning bread to Al Yasmin', customer_name: 'Sara Al Qahtani', phone_number: '+966 50 123 4567',
  latitude: 24.8245, longitude: 46.639, address: '4, Villa 12, Al Yasmin, Riyadh', notes: 'Gate code 1234',
  amount: 45, description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY', ...overrides,
});
const bodyOf = <T>(answer: { body: unknown }) => (answer.body as { body: T }).body;
const list = async (vendorId: string, auth = vendorAuth) => bodyOf<OrderTemplate[]>(await server.call('GET', `/templates/${vendorId}`, { auth }));

describe('order templates', () => {
  it('creates, lists, updates and deletes an outlet\'s template', async () => {
    const created = await server.call('POST', `/templates/${OLAYA}`, { auth: vendorAuth, body: template() });
    expect(created.status, created.text).toBe(200);
    const saved = bodyOf<OrderTemplate>(created);
    expect(saved).toMatchObject({ vendor_id: OLAYA, name: 'Morning bread to Al Yasmin', phone_number: '+966501234567', amount: 45, payment_method: 'CASH_ON_DELIVERY' });
    expect((await list(OLAYA)).map((t) => t.id)).toContain(saved.id);
    // Another outlet of the same account has its own list.
    expect((await list(DEMO_VENDORS.saDiriyah)).map((t) => t.id)).not.toContain(saved.id);

    const updated = await server.call('PUT', `/templates/${OLAYA}/${saved.id}`, { auth: vendorAuth, body: template({ name: 'Evening cakes', amount: 90, payment_method: 'PAID' }) });
    expect(updated.status, updated.text).toBe(200);
    expect(bodyOf<OrderTemplate>(updated)).toMatchObject({ id: saved.id, name: 'Evening cakes', amount: 90, payment_method: 'PAID' });
    expect((await list(OLAYA)).find((t) => t.id === saved.id)?.name).toBe('Evening cakes');

    expect((await server.call('DELETE', `/templates/${OLAYA}/${saved.id}`, { auth: vendorAuth })).status).toBe(200);
    expect((await list(OLAYA)).map((t) => t.id)).not.toContain(saved.id);
    expect((await server.call('DELETE', `/templates/${OLAYA}/${saved.id}`, { auth: vendorAuth })).status).toBe(404);
  });

  it('refuses bad input with a 4xx in API.md\'s shape and stores nothing', async () => {
    const before = (await list(OLAYA)).length;
    for (const body of [template({ name: '   ' }), template({ phone_number: '--' }), template({ payment_method: 'BITCOIN' }), template({ latitude: 200 }), template({ amount: -1 }), template({ extra: 1 })]) {
      const answer = await server.call('POST', `/templates/${OLAYA}`, { auth: vendorAuth, body });
      expect([400, 422], answer.text).toContain(answer.status);
      expect(answer.body).toMatchObject({ status: answer.status, message: expect.any(String), errors: [expect.objectContaining({ meta: { translation_key: expect.any(String) } })] });
    }
    expect(await list(OLAYA)).toHaveLength(before);
  });

  it('never shows, changes or deletes another vendor\'s template (a foreign one answers like a missing one)', async () => {
    const saved = bodyOf<OrderTemplate>(await server.call('POST', `/templates/${OLAYA}`, { auth: vendorAuth, body: template({ name: 'Secret Saudi route' }) }));
    // The other account on the Saudi outlet: forbidden, as for any foreign vendor.
    expect((await server.call('GET', `/templates/${OLAYA}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('POST', `/templates/${OLAYA}`, { auth: otherAuth, body: template() })).status).toBe(403);
    // Through its own vendor, the Saudi template id is no template of it.
    const foreignPut = await server.call('PUT', `/templates/sg-2000/${saved.id}`, { auth: otherAuth, body: template({ name: 'Hijacked' }) });
    const missingPut = await server.call('PUT', `/templates/sg-2000/no-such-template`, { auth: otherAuth, body: template({ name: 'Hijacked' }) });
    expect(foreignPut.status).toBe(404);
    expect(foreignPut.text).toBe(missingPut.text);
    expect((await server.call('DELETE', `/templates/sg-2000/${saved.id}`, { auth: otherAuth })).status).toBe(404);
    expect(JSON.stringify(await list('sg-2000', otherAuth))).not.toContain('Secret Saudi route');
    // Still there, unchanged.
    expect((await list(OLAYA)).find((t) => t.id === saved.id)?.name).toBe('Secret Saudi route');
  });
});
