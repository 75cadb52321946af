// @vitest-environment jsdom
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { FlagMap } from '../../adapters/ports';
import type { Role } from '../../domain';
import { routeAccess as routeAccessWith, type RouteAccess } from '../../src/app/access';
import { staticFlagReader } from '../../src/app/flags/staticFlagReader';
import { createAppRouter } from '../../src/app/routes';
import { routerUnderTest } from './routerLoads';

const routeAccess = (session: { isAuthenticated: boolean; isGuest: boolean }, flags: FlagMap) => routeAccessWith(session, staticFlagReader(flags));

const visitor: RouteAccess = routeAccess({ isAuthenticated: false, isGuest: false }, {});
const vendorUser: RouteAccess = routeAccess({ isAuthenticated: true, isGuest: false }, {});
const guest: RouteAccess = routeAccess({ isAuthenticated: true, isGuest: true }, {});

async function landOn(path: string, access: RouteAccess): Promise<string> {
  const router = routerUnderTest(createAppRouter(access, createMemoryHistory({ initialEntries: [path] })));
  await router.load();
  return router.state.location.pathname;
}

describe('route guards (SPEC §2 route table)', () => {
  it.each([
    ['/request-a-rider', '/'],
    ['/request-a-rider/v-1', '/'],
    ['/order-tracking', '/'],
    ['/order-tracking/v-1', '/'],
    ['/history/v-1', '/'],
    ['/helpcenter/v-1', '/'],
    ['/settings/developers', '/'],
    ['/insights/v-1', '/'],
  ])('sends a visitor from the private %s to %s', async (path, expected) => {
    expect(await landOn(path, visitor)).toBe(expected);
  });

  it.each(['/', '/connect', '/register', '/forgot-password', '/termsandconditions', '/prohibiteditems-c2c', '/faq', '/tracking/o-1', '/delivery-receipt/o-1', '/tracking-c2c/o-1', '/invitation'])(
    'lets a visitor open the public %s',
    async (path) => {
      expect(await landOn(path, visitor)).toBe(path);
    },
  );

  it('sends a signed-in user from / to the request page', async () => {
    expect(await landOn('/', vendorUser)).toBe('/request-a-rider');
  });

  it('opens Settings → Developers for a signed-in user, never for a guest', async () => {
    expect(await landOn('/settings/developers', vendorUser)).toBe('/settings/developers');
    expect(await landOn('/settings/developers', guest)).toBe('/request-a-rider');
  });

  it('opens Insights for a signed-in user, never for a guest', async () => {
    expect(await landOn('/insights/v-1', vendorUser)).toBe('/insights/v-1');
    expect(await landOn('/insights', vendorUser)).toBe('/insights');
    expect(await landOn('/insights/v-1', guest)).toBe('/request-a-rider');
  });

  it('counts guests as authenticated for private pages', async () => {
    expect(await landOn('/order-tracking', guest)).toBe('/order-tracking');
    expect(await landOn('/', guest)).toBe('/request-a-rider');
  });

  it('lets a guest reach the login page but not a signed-in user', async () => {
    expect(await landOn('/connect', guest)).toBe('/connect');
    expect(await landOn('/connect', vendorUser)).toBe('/request-a-rider');
  });

  it('hides /register under DeactivateSignUpButton', async () => {
    expect(await landOn('/register', routeAccess({ isAuthenticated: false, isGuest: false }, { DeactivateSignUpButton: true }))).toBe('/');
  });

  it('opens bulk order only under BulkOrderUpload, otherwise redirects to /', async () => {
    expect(await landOn('/bulk-order/v-1', vendorUser)).toBe('/request-a-rider');
    const withBulk = routeAccess({ isAuthenticated: true, isGuest: false }, { BulkOrderUpload: true });
    expect(await landOn('/bulk-order', withBulk)).toBe('/bulk-order');
    expect(await landOn('/bulk-order/v-1/job-9', withBulk)).toBe('/bulk-order/v-1/job-9');
  });

  it.each<FlagMap>([{ PlannedMaintenance: true }, { UnplannedMaintenance: 'true' }])('redirects everything to /maintenance under %o', async (flags) => {
    const access = routeAccess({ isAuthenticated: true, isGuest: false }, flags);
    expect(await landOn('/history', access)).toBe('/maintenance');
    expect(await landOn('/connect', access)).toBe('/maintenance');
  });

  it('leaves /maintenance when no maintenance flag is on', async () => {
    expect(await landOn('/maintenance', visitor)).toBe('/');
  });

  describe('a team member lands on the first section its role allows (domain/teams/roles.ts)', () => {
    const member = (role: Role) => routeAccessWith({ isAuthenticated: true, isGuest: false }, staticFlagReader({}), { role });

    it.each(['/', '/connect', '/request-a-rider', '/request-a-rider/v-1'])('sends a Viewer from %s to order tracking', async (path) => {
      expect(await landOn(path, member('viewer'))).toBe('/order-tracking');
    });

    it.each<Role>(['owner', 'manager', 'dispatcher'])('sends a %s from / to the request page, which opens', async (role) => {
      expect(await landOn('/', member(role))).toBe('/request-a-rider');
      expect(await landOn('/request-a-rider/v-1', member(role))).toBe('/request-a-rider/v-1');
    });

    it('opens the invitation page signed in too (an existing account accepts there)', async () => {
      expect(await landOn('/invitation', member('viewer'))).toBe('/invitation');
      expect(await landOn('/invitation', vendorUser)).toBe('/invitation');
    });

    it('sends a Viewer away from Recurring orders, which a Dispatcher opens (issue #27)', async () => {
      expect(await landOn('/recurring-orders', member('viewer'))).toBe('/order-tracking');
      expect(await landOn('/recurring-orders', member('dispatcher'))).toBe('/recurring-orders');
    });

    it('turns no one away while the role is pending (the vendor list loading), and sends a Dispatcher off Team and Audit once known', async () => {
      const pending = routeAccessWith({ isAuthenticated: true, isGuest: false }, staticFlagReader({}), 'pending');
      expect(await landOn('/', pending)).toBe('/request-a-rider');
      for (const path of ['/settings/team', '/settings/audit', '/recurring-orders']) expect(await landOn(path, pending), path).toBe(path);
      expect(await landOn('/settings/team', member('dispatcher'))).toBe('/request-a-rider');
      expect(await landOn('/settings/audit', member('dispatcher'))).toBe('/request-a-rider');
      // A vendor the loaded list does not hold (the list failed) is refused: tracking, which every role has.
      const unlisted = routeAccessWith({ isAuthenticated: true, isGuest: false }, staticFlagReader({}), 'unlisted');
      expect(await landOn('/settings/team', unlisted)).toBe('/order-tracking');
    });

    it('lets a Viewer open tracking and history', async () => {
      expect(await landOn('/order-tracking/v-1', member('viewer'))).toBe('/order-tracking/v-1');
      expect(await landOn('/history/v-1', member('viewer'))).toBe('/history/v-1');
    });
  });

});
