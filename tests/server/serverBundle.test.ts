// `npm start` runs the esbuild bundle of the server (.server-dist/main.mjs), not the TypeScript the
// in-process server tests load. This walks the main paths through the bundle scripts/build-server.mjs
// makes (this run's build of it, runBundle.ts, with `npm start`'s heap limit), so a module that only
// works from source (a file read next to itself, a worker, a dynamic import) cannot break the README's
// first command unnoticed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed';
import { startServerProcess, type ServerProcess } from './cluster-process';
import { orderPayload, RIYADH_DESTINATION, SA_OLAYA } from './orders-fixtures';
import { runBundleArgs } from './runBundle';

let server: ServerProcess;

async function json(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json().catch(() => null) };
}

beforeAll(async () => {
  // No DATABASE_URL: the bundle opens the embedded SQLite store, as `npm start` does.
  server = await startServerProcess({ DATABASE_URL: '', SEED_DEMO: '1', COURIER_SIM_SPEED: '0' }, ['--max-old-space-size=768', ...(await runBundleArgs())]);
}, 120_000);

afterAll(async () => {
  await server?.kill();
});

describe('the server bundle that npm start runs', () => {
  it('signs in, geocodes, quotes a fee, places an order and serves the bulk template', async () => {
    const post = (path: string, body: unknown, authorization?: string) =>
      fetch(`${server.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });

    const login = await json(await post('/login', { email_address: DEMO_ACCOUNTS.vendor.email, password: DEMO_PASSWORD }));
    expect(login.status).toBe(200);
    const tokens = (login.body as { result: { AccessToken: string; IdToken: string } }).result;
    const auth = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;

    const places = await json(await fetch(`${server.api}/geolocator/autocomplete?query=Olaya&country=SA&language=en`, { headers: { authorization: auth } }));
    expect(places.status).toBe(200);
    expect((places.body as { data: unknown[] }).data.length).toBeGreaterThan(0);

    const vendor = await json(await fetch(`${server.api}/vendor/${SA_OLAYA}`, { headers: { authorization: auth } }));
    const { latitude, longitude } = (vendor.body as { result: { vendor_information: { location: { latitude: number; longitude: number } } } }).result.vendor_information.location;
    const quote = await json(await post('/delivery/fee', { source: { latitude, longitude }, destination: RIYADH_DESTINATION, vendor_id: SA_OLAYA, delivery_type: 'food' }, auth));
    expect(quote.status).toBe(200);
    const { fee, signature } = (quote.body as { result: { fee: number; signature: string } }).result;

    const order = await json(await post('/order', orderPayload(SA_OLAYA, { fee, signature }), auth));
    expect(order.status).toBe(200);
    expect((order.body as { result: { order_id: string } }).result.order_id.startsWith(SA_OLAYA)).toBe(true);

    const template = await fetch(`${server.api}/bulk-job/example-file?vendor_id=${SA_OLAYA}`, { headers: { authorization: auth } });
    expect(template.status).toBe(200);
    expect(Buffer.from(await template.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });
});
