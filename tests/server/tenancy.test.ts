// Cross-tenant access, generated from the server's own route table: every route that names a
// vendor (path, query or body) or an order is called by the other account with the first
// account's ids and must answer 403. A route added later is covered without editing this file.
// Also: forged, foreign-audience and expired tokens are 401.
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../server/http/appContext';
import { DEMO_VENDORS } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let otherAuth: string;
let foreignOrderId: string | null = null;
beforeAll(async () => {
  server = await startServer();
  otherAuth = await server.login('other@example.com');
  const order = await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', DEMO_VENDORS.saOlaya).executeTakeFirst();
  foreignOrderId = order?.order_id ?? null;
});
afterAll(async () => { await server?.stop(); });

const VENDOR_PARAMS = ['vendorId', 'vendorID'];
const ORDER_PARAMS = ['orderId', 'orderID'];
/** Other owned resources: probed with an id that does not exist, which API.md also answers 403. */
const OWNED_PARAMS = ['jobId', 'bulkJobId'];
const VENDOR_KEYS = ['vendor_id', 'vendorId', 'parent_vendor_id'];

/** Routes answering without a caller by design, matched by the public token they need instead. */
const PUBLIC_BY_TOKEN = [/\/tracking\/:orderId/, /\/order\/:orderId\/receipt/];

function namesVendorOrOrder(route: RegisteredRoute): boolean {
  if (route.url.startsWith('/ops')) return false;
  return route.params.some((p) => VENDOR_PARAMS.includes(p) || ORDER_PARAMS.includes(p) || OWNED_PARAMS.includes(p) || (p === 'id' && route.url.includes('/vendor/:id')))
    || route.query.some((q) => VENDOR_KEYS.includes(q))
    || route.body.some((b) => VENDOR_KEYS.includes(b));
}

/** A concrete request for a route, every vendor/order id pointing at the first account's data. */
function attack(route: RegisteredRoute): { path: string; body: Record<string, unknown> | undefined } {
  const sample: Record<string, string> = { name: 'serviceHours', code: 'WELCOME10', jobId: 'job-that-does-not-exist', bulkJobId: 'job-that-does-not-exist', id: DEMO_VENDORS.saOlaya };
  let path = route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    if (VENDOR_PARAMS.includes(param)) return DEMO_VENDORS.saOlaya;
    if (ORDER_PARAMS.includes(param)) return foreignOrderId ?? `${DEMO_VENDORS.saOlaya}-0000`;
    return encodeURIComponent(sample[param] ?? 'x');
  });
  const query = new URLSearchParams();
  for (const key of route.query) if (VENDOR_KEYS.includes(key)) query.set(key, DEMO_VENDORS.saOlaya);
  if (route.query.includes('orderId')) query.set('orderId', foreignOrderId ?? 'x');
  if ([...query].length > 0) path += `?${query.toString()}`;
  const bodyKeys = route.body.filter((key) => VENDOR_KEYS.includes(key));
  const body = ['GET', 'DELETE'].includes(route.method) ? undefined
    : Object.fromEntries(bodyKeys.map((key) => [key, key === 'parent_vendor_id' ? DEMO_VENDORS.saParent : DEMO_VENDORS.saOlaya]));
  return { path, body: body && route.body.includes('order_id') ? { ...body, order_id: foreignOrderId } : body };
}

describe('cross-tenant access (generated from the route table)', () => {
  it('covers the platform routes it must (the table is not empty)', () => {
    const covered = server.app.routeTable.filter(namesVendorOrOrder).map((r) => `${r.method} ${r.url}`);
    for (const expected of ['GET /orders/api/v1/vendor/:id', 'PUT /orders/api/v1/outlet/:vendorId', 'POST /orders/api/v1/outlet',
      'GET /orders/api/v1/addressbook/search-customers/:vendorId', 'GET /orders/api/v1/get-country-parameter/:name',
      'GET /hurrier/api/v1/vendor/:id/hc_jwt_token', 'PUT /orders/api/v1/vendor/:id/address', 'GET /orders/api/v1/vendor/:id/orders/trend']) {
      expect(covered).toContain(expected);
    }
  });

  it('answers 403 on every route that names a vendor or an order of another account', async () => {
    const failures: string[] = [];
    for (const route of server.app.routeTable.filter(namesVendorOrOrder)) {
      if (PUBLIC_BY_TOKEN.some((pattern) => pattern.test(route.url))) continue;
      const { path, body } = attack(route);
      const response = await server.call(route.method, `${server.baseUrl}${path}`, { auth: otherAuth, ...(body ? { body } : {}) });
      if (response.status !== 403) failures.push(`${route.method} ${path} -> ${response.status} ${response.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 on those routes without credentials', async () => {
    const failures: string[] = [];
    for (const route of server.app.routeTable.filter(namesVendorOrOrder)) {
      if (PUBLIC_BY_TOKEN.some((pattern) => pattern.test(route.url))) continue;
      const { path, body } = attack(route);
      const response = await server.call(route.method, `${server.baseUrl}${path}`, body ? { body } : {});
      if (response.status !== 401) failures.push(`${route.method} ${path} -> ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(server.config.secrets.jwtSecret);
  const base = (typ: string, audience: string) => new SignJWT({ email: 'vendor@example.com' })
    .setProtectedHeader({ alg: 'HS256', typ }).setIssuer('courier-portal').setAudience(audience).setSubject('demo-vendor').setIssuedAt();
  const vendors = (auth: string) => server.call('GET', '/vendors', { auth });

  it('accepts a well-formed access token (the control case)', async () => {
    const access = await base('at+jwt', 'portal').setExpirationTime('1h').sign(secret());
    expect((await vendors(`Bearer ${access}`)).status).toBe(200);
  });

  it('refuses alg none, a wrong key, a wrong audience, a wrong typ and an expired token with 401', async () => {
    const none = new UnsecuredJWT({ email: 'vendor@example.com' }).setIssuer('courier-portal').setAudience('portal').setSubject('demo-vendor').setExpirationTime('1h').encode();
    const wrongKey = await base('at+jwt', 'portal').setExpirationTime('1h').sign(new TextEncoder().encode('not-the-server-secret-at-all-000'));
    const wrongAudience = await base('at+jwt', 'godroid').setExpirationTime('1h').sign(secret());
    const idAsAccess = await base('id+jwt', 'portal').setExpirationTime('1h').sign(secret());
    const expired = await base('at+jwt', 'portal').setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(secret());
    for (const token of [none, wrongKey, wrongAudience, idAsAccess, expired]) {
      const response = await vendors(`Bearer ${token}`);
      expect(response.status).toBe(401);
      expect((response.body as { message: string }).message).toBe('NotAuthorizedException');
    }
  });

  it('refuses a GoDroid token with alg none or the portal audience', async () => {
    const none = new UnsecuredJWT({ restaurant_id: DEMO_VENDORS.saOlaya }).setIssuer('courier-portal').setAudience('godroid').setSubject('x').setExpirationTime('1h').encode();
    const portalAudience = await new SignJWT({ restaurant_id: DEMO_VENDORS.saOlaya }).setProtectedHeader({ alg: 'HS256', typ: 'godroid+jwt' })
      .setIssuer('courier-portal').setAudience('portal').setSubject('x').setExpirationTime('1h').sign(secret());
    for (const token of [none, portalAudience]) expect((await vendors(`GoDroid ${token}`)).status).toBe(401);
  });

  it('refuses an access token paired with another account\'s id token', async () => {
    const vendorHeader = await server.login('vendor@example.com');
    const [access] = vendorHeader.replace('Bearer ', '').split('|');
    const [, otherId] = otherAuth.replace('Bearer ', '').split('|');
    expect((await vendors(`Bearer ${access}|${otherId}`)).status).toBe(401);
  });
});
