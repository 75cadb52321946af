// Address book: save (one entry per customer phone) and search (2 characters minimum, own vendor only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { signedInPair, startServer, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({}, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sara Al Qahtani', phone_number: '+966 50 123 4567', latitude: 24.8245, longitude: 46.639,
  address: '4, Villa 12, Al Yasmin, Riyadh', notes: 'Gate code 1234', ...overrides,
});
const search = (vendorId: string, query: string, auth = vendorAuth) =>
  server.call('GET', `/addressbook/search-customers/${vendorId}?query=${encodeURIComponent(query)}`, { auth });
const entries = (body: unknown) => (body as { body: AddressBookEntry[] }).body;

describe('address book', () => {
  it('saves an entry and finds it by name, address or phone digits', async () => {
    const saved = await server.call('POST', `/addressbook/${DEMO_VENDORS.saOlaya}`, { auth: vendorAuth, body: entry() });
    expect(saved.status).toBe(200);
    const created = (saved.body as { body: AddressBookEntry }).body;
    expect(created).toMatchObject({ name: 'Sara Al Qahtani', phone_number: '+966501234567', notes: 'Gate code 1234' });
    expect(entries((await search(DEMO_VENDORS.saOlaya, 'sara')).body).map((e) => e.id)).toEqual([created.id]);
    expect(entries((await search(DEMO_VENDORS.saOlaya, 'yasmin')).body)).toHaveLength(1);
    expect(entries((await search(DEMO_VENDORS.saOlaya, '1234567')).body)).toHaveLength(1);
  });

  it('replaces the entry of the same customer phone instead of duplicating it', async () => {
    await server.call('POST', `/addressbook/${DEMO_VENDORS.saOlaya}`, { auth: vendorAuth, body: entry({ address: '9, Tower 3, Al Nakheel, Riyadh' }) });
    const found = entries((await search(DEMO_VENDORS.saOlaya, 'Sara')).body);
    expect(found).toHaveLength(1);
    expect(found[0]?.address).toContain('Al Nakheel');
  });

  it('answers nothing under 2 characters, treats % and _ literally, and keeps vendors apart', async () => {
    expect(entries((await search(DEMO_VENDORS.saOlaya, 's')).body)).toEqual([]);
    expect(entries((await search(DEMO_VENDORS.saOlaya, '%%')).body)).toEqual([]);
    expect(entries((await search(DEMO_VENDORS.saDiriyah, 'sara')).body)).toEqual([]);
    expect((await search(DEMO_VENDORS.saOlaya, 'sara', otherAuth)).status).toBe(403);
  });

  it('stores SQL and HTML verbatim and refuses notes over 1000 bytes', async () => {
    const tricky = "Robert'); DROP TABLE address_book;-- <script>alert(1)</script>";
    const saved = await server.call('POST', `/addressbook/${DEMO_VENDORS.saDiriyah}`, { auth: vendorAuth, body: entry({ name: tricky, phone_number: '+966500000001' }) });
    expect((saved.body as { body: AddressBookEntry }).body.name).toBe(tricky);
    expect(entries((await search(DEMO_VENDORS.saDiriyah, 'DROP TABLE')).body)[0]?.name).toBe(tricky);
    const tooLong = await server.call('POST', `/addressbook/${DEMO_VENDORS.saDiriyah}`, { auth: vendorAuth, body: entry({ notes: 'ع'.repeat(600) }) });
    expect(tooLong.status).toBe(422);
    expect((tooLong.body as { message: string }).message).toBe('address.error.notes-too-long');
  });
});

describe('geolocator (embedded gazetteer)', () => {
  const get = (path: string, auth: string | undefined = vendorAuth) => server.call('GET', path, auth ? { auth } : {});
  type Places = { data: { address: { id: string; formatted_address: string; latitude: number; longitude: number } }[] };

  it('autocompletes a district and answers its details by id', async () => {
    const places = (await get('/geolocator/autocomplete?query=Olaya&country=SA&lat=24.7&lng=46.7&language=en')).body as Places;
    const first = places.data[0];
    expect(first?.address.formatted_address).toContain('Riyadh');
    const details = (await get(`/geolocator/details?query_id=${encodeURIComponent(first?.address.id ?? '')}`)).body as Places;
    expect(details.data[0]?.address.id).toBe(first?.address.id);
  });

  it('reverse-geocodes coordinates, also when typed as "lat,lng" into autocomplete', async () => {
    const reverse = (await get('/geolocator/reverse?lat=24.6908&lng=46.6853')).body as { data: { address: { city: string; country_code: string } }[] };
    expect(reverse.data[0]?.address).toMatchObject({ city: 'Riyadh', country_code: 'SA' });
    const typed = (await get(`/geolocator/autocomplete?query=${encodeURIComponent('24.6908, 46.6853')}`)).body as Places;
    expect(typed.data[0]?.address.formatted_address).toContain('Riyadh');
  });

  it('refuses callers without credentials and malformed coordinates', async () => {
    expect((await get('/geolocator/reverse?lat=24.69&lng=46.68', '')).status).toBe(401);
    expect((await get('/geolocator/reverse?lat=abc&lng=46.68')).status).toBe(400);
    expect((await get('/geolocator/reverse?lat=124&lng=46.68')).status).toBe(400);
  });
});

describe('geolocator over a failing geocoder', () => {
  it('falls back from reverse to autocomplete, and answers 503 with the screen key when the geocoder fails', async () => {
    const calls: string[] = [];
    const failing = await startServer({}, {
      geocoder: {
        async autocomplete(q) { calls.push(`autocomplete:${q.query}`); throw new Error('upstream down'); },
        async reverse() { calls.push('reverse'); return []; },
        async details() { throw new Error('upstream down'); },
      },
    });
    try {
      const auth = await failing.login('vendor@example.com');
      const response = await failing.call('GET', `/geolocator/autocomplete?query=${encodeURIComponent('24.7,46.6')}`, { auth });
      expect(calls).toEqual(['reverse', 'autocomplete:24.7,46.6']);
      expect(response.status).toBe(503);
      expect((response.body as { message: string }).message).toBe('geolocator.error.autocomplete');
      expect(response.text).not.toContain('upstream down');
      const details = await failing.call('GET', '/geolocator/details?query_id=x', { auth });
      expect((details.body as { message: string }).message).toBe('geolocator.error.fetch-place-details');
    } finally {
      await failing.stop();
    }
  });
});
