// Roles (issue #27) over the server's own route table: every route names what it needs of a
// member's role (server/auth/routeCapabilities.ts), and for every route, every role (an owner,
// manager, dispatcher and viewer of the Saudi parent) and a foreign tenant, the answer follows the
// table of domain/teams/roles.ts. Generated from app.routeTable, so a new route cannot be forgotten:
// one missing from the capability table fails the first test. An API key does no more than its
// creator's role allows now (and than the key routes allow), and stops with its creator's membership.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleCan, type Role } from '../../domain/teams';
import { keyRouteOf } from '../../server/apiKeys/keyRoutes';
import { listedRouteAccess } from '../../server/auth/routeCapabilities';
import { disableAccount } from '../../server/auth/accountStatus';
import { DEMO_VENDORS } from '../../server/db/seed';
import type { RegisteredRoute } from '../../server/http/appContext';
import { startServer, type TestServer } from '../server/harness';
import { moveOrder, placeOrder } from '../server/orders-fixtures';
import { addMember } from '../server/teamMembers';
import { figure, inject } from './support';

let server: TestServer;
let owner: string;
let foreign: string;
const members = new Map<Role, string>();
let orderId = '';
const PARENT = DEMO_VENDORS.saParent;
const OLAYA = DEMO_VENDORS.saOlaya;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: false }, { listen: false });
  owner = await server.login('vendor@example.com');
  foreign = await server.login('other@example.com');
  for (const role of ROLES) members.set(role, (await addMember(server, owner, role, PARENT)).auth);
  orderId = await placeOrder(server, owner, OLAYA);
  await moveOrder(server, orderId, 'RECEIVED');
}, 60_000);
afterAll(async () => { await server?.stop(); });

const VENDOR_PARAMS = new Set(['vendorId', 'vendorID', 'id']);
const ORDER_PARAMS = new Set(['orderId', 'orderID']);
const VENDOR_KEYS = new Set(['vendor_id', 'vendorId']);

/** A request of `route` at the Saudi outlet and its order, with a plausible body; `names` says whether it names them. */
function aim(route: RegisteredRoute): { url: string; body: Record<string, unknown> | undefined; names: boolean } {
  let names = false;
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    if (ORDER_PARAMS.has(param)) { names = true; return orderId; }
    if (VENDOR_PARAMS.has(param)) { names = true; return OLAYA; }
    if (param === 'jobId') return `${OLAYA}-job-${randomBytes(4).toString('hex')}`;
    return randomBytes(6).toString('hex');
  });
  const query = new URLSearchParams();
  for (const key of route.query) {
    if (VENDOR_KEYS.has(key)) { names = true; query.set(key, OLAYA); }
    if (key === 'orderId') query.set(key, orderId);
  }
  if ([...query].length > 0) url += `?${query.toString()}`;
  if (route.method === 'GET' || route.method === 'DELETE') return { url, body: undefined, names };
  const body: Record<string, unknown> = {};
  for (const key of route.body) {
    if (key === 'parent_vendor_id') { names = true; body[key] = PARENT; }
    else if (VENDOR_KEYS.has(key)) { names = true; body[key] = OLAYA; }
    else if (key === 'order_id') body[key] = orderId;
    else if (key === 'reason') body[key] = 'cancel.reason.other';
  }
  return { url, body, names };
}

/**
 * The issue's lines, written out independently of the capability table, so a route given the wrong
 * capability fails here: Owner everything (team, keys), Manager orders, collection points, bulk,
 * exports, webhooks, Dispatcher request, track, cancel, Viewer track and history only.
 */
const EVERYONE: Role[] = ['owner', 'manager', 'dispatcher', 'viewer'];
const ORDERING: Role[] = ['owner', 'manager', 'dispatcher'];
const MANAGING: Role[] = ['owner', 'manager'];
const ISSUE_LINES: Record<string, Role[]> = {
  'GET /orders/api/v1/vendor/:id/orders': EVERYONE,
  'GET /orders/api/v1/order': EVERYONE,
  'GET /ws': EVERYONE,
  'POST /orders/api/v1/delivery/fee': ORDERING,
  'POST /orders/api/v1/order': ORDERING,
  'PUT /orders/api/v1/order/cancel': ORDERING,
  'POST /orders/api/v1/bulk-job/create': MANAGING,
  'PUT /orders/api/v1/vendor/:id/address': MANAGING,
  'POST /orders/api/v1/outlet': MANAGING,
  'POST /orders/api/v1/orders/export': MANAGING,
  'POST /orders/api/v1/webhooks': MANAGING,
  'GET /orders/api/v1/vendor/:vendorId/audit': MANAGING,
  'GET /orders/api/v1/vendor/:vendorId/members': ['owner'],
  'POST /orders/api/v1/vendor/:vendorId/invitations': ['owner'],
  'GET /orders/api/v1/api-keys': ['owner'],
};

const messageOf = (body: unknown) => (body as { message?: unknown } | null)?.message;

describe('route x role matrix', () => {
  it('has every route of the table in the capability table', () => {
    const unlisted = server.app.routeTable.filter((route) => listedRouteAccess(route.method, route.url) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(unlisted).toEqual([]);
  });

  it('knows every route the issue\'s lines name', () => {
    const known = new Set(server.app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(ISSUE_LINES).filter((key) => !known.has(key))).toEqual([]);
  });

  it('refuses each role exactly what its table refuses, on every route, and lets a foreign tenant do nothing here', async () => {
    const routes = server.app.routeTable.filter((route) => {
      const access = listedRouteAccess(route.method, route.url);
      return access !== undefined && access !== 'none' && !route.url.startsWith('/hurrier');
    });
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    let requests = 0;
    // Harmless calls first, so an allowed DELETE or cancel cannot take away what a later one aims at.
    const order = (route: RegisteredRoute) => (route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1);
    for (const route of [...routes].sort((a, b) => order(a) - order(b))) {
      const access = listedRouteAccess(route.method, route.url);
      if (access === undefined || access === 'none') continue;
      const { url, body, names } = aim(route);
      for (const role of ROLES) {
        const answer = await inject(server.app, route.method, url, { auth: members.get(role) as string, ...(body ? { body } : {}) });
        requests += 1;
        const refusedForRole = answer.status === 403 && messageOf(answer.body) === 'error.role-forbidden';
        if (answer.status >= 500) wrong.push(`${role} ${route.method} ${url} -> ${answer.status}`);
        const allowed = ISSUE_LINES[`${route.method} ${route.url}`]?.includes(role) ?? roleCan(role, access);
        if (allowed && refusedForRole) wrong.push(`${role} refused ${route.method} ${route.url} (${access})`);
        if (!allowed && !refusedForRole) wrong.push(`${role} not refused ${route.method} ${route.url} (${access}): ${answer.status}`);
      }
      if (names) {
        const answer = await inject(server.app, route.method, url, { auth: foreign, ...(body ? { body } : {}) });
        requests += 1;
        if (answer.status < 400 || answer.status >= 500) wrong.push(`foreign ${route.method} ${url} -> ${answer.status}`);
        if (answer.text.includes(orderId) && answer.status < 400) wrong.push(`foreign ${route.method} ${url} saw the order`);
      }
    }
    figure('roles', `${wrong.length} wrong answers in ${requests} requests over ${routes.length} routes x ${ROLES.length} roles + a foreign tenant`);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('API keys by their creator\'s role', () => {
  /** A write key over the parent, made by a new owner who is then given `role` (keys are made by owners only). */
  async function keyOfA(role: Role): Promise<{ key: string; accountId: string }> {
    const creator = await addMember(server, owner, 'owner', PARENT);
    const created = await inject(server.app, 'POST', '/orders/api/v1/api-keys', { auth: creator.auth, body: { name: `${role} key`, access: 'write', vendor_ids: [PARENT] } });
    expect(created.status, created.text).toBe(200);
    if (role !== 'owner') {
      const changed = await inject(server.app, 'PUT', `/orders/api/v1/vendor/${PARENT}/members/${creator.accountId}`, { auth: owner, body: { role } });
      expect(changed.status, changed.text).toBe(200);
    }
    return { key: `ApiKey ${(created.body as { result: { key: string } }).result.key}`, accountId: creator.accountId };
  }

  it('lets each role\'s key do only what both the key routes and the role allow, on every route', async () => {
    const keys = new Map<Role, string>();
    for (const role of ROLES) keys.set(role, (await keyOfA(role)).key);
    const routes = server.app.routeTable.filter((route) => {
      const access = listedRouteAccess(route.method, route.url);
      return access !== undefined && access !== 'none' && !route.url.startsWith('/hurrier');
    });
    const wrong: string[] = [];
    const order = (route: RegisteredRoute) => (route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1);
    let allowedSomewhere = 0;
    for (const route of [...routes].sort((a, b) => order(a) - order(b))) {
      const access = listedRouteAccess(route.method, route.url);
      if (access === undefined || access === 'none') continue;
      const { url, body } = aim(route);
      for (const role of ROLES) {
        const answer = await inject(server.app, route.method, url, { auth: keys.get(role) as string, ...(body ? { body } : {}) });
        const allowed = keyRouteOf(route.method, route.url) !== null && roleCan(role, access);
        if (allowed) allowedSomewhere += 1;
        if (answer.status >= 500 || answer.status === 401) wrong.push(`${role} key ${route.method} ${url} -> ${answer.status}`);
        if (allowed && answer.status === 403) wrong.push(`${role} key refused ${route.method} ${route.url} (${access}): ${String(messageOf(answer.body))}`);
        if (!allowed && answer.status !== 403) wrong.push(`${role} key not refused ${route.method} ${route.url} (${access}): ${answer.status}`);
      }
    }
    // The viewer's key still reads; the dispatcher's still places and cancels.
    expect(allowedSomewhere).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('stops at once when its creator is suspended, removed or disabled, and follows a new role', async () => {
    const list = `/orders/api/v1/vendor/${OLAYA}/orders`;
    const { key, accountId } = await keyOfA('owner');
    const member = `/orders/api/v1/vendor/${PARENT}/members/${accountId}`;
    expect((await inject(server.app, 'GET', list, { auth: key })).status).toBe(200);
    expect((await inject(server.app, 'PUT', member, { auth: owner, body: { status: 'suspended' } })).status).toBe(200);
    expect((await inject(server.app, 'GET', list, { auth: key })).status).toBe(403);
    expect((await inject(server.app, 'PUT', member, { auth: owner, body: { status: 'active', role: 'viewer' } })).status).toBe(200);
    expect((await inject(server.app, 'GET', list, { auth: key })).status).toBe(200);
    const cancel = await inject(server.app, 'PUT', '/orders/api/v1/order/cancel', { auth: key, body: { vendor_id: OLAYA, order_id: orderId, reason: 'cancel.reason.other' } });
    expect([cancel.status, messageOf(cancel.body)]).toEqual([403, 'error.role-forbidden']);
    expect((await inject(server.app, 'DELETE', member, { auth: owner })).status).toBe(200);
    expect((await inject(server.app, 'GET', list, { auth: key })).status).toBe(403);

    const second = await keyOfA('owner');
    expect((await inject(server.app, 'GET', list, { auth: second.key })).status).toBe(200);
    await disableAccount(server.app.db, second.accountId, server.app.clock.nowS());
    expect((await inject(server.app, 'GET', list, { auth: second.key })).status).toBe(401);
  });
});
