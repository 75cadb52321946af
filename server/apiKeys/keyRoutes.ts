// What an API key may call: the order routes the app uses to place and follow orders (create, read,
// list, cancel, estimate), under both service prefixes. Everything else (account, settings, keys
// themselves, bulk, live sockets, ops) answers 403 to a key, and a read-only key gets 403 on writes.
// An allow-list, so a route added later is closed to keys until someone opens it here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

const SERVICE_PREFIX = /^\/(orders|hurrier)\/api\/v1(?=\/)/;

/** `METHOD path` (without the service prefix) → whether the route changes anything. */
const KEY_ROUTES: ReadonlyMap<string, { writes: boolean }> = new Map([
  ['GET /vendors', { writes: false }],
  ['GET /vendor/:id', { writes: false }],
  ['GET /vendor/:id/orders', { writes: false }],
  ['GET /order', { writes: false }],
  ['GET /riders/:orderId', { writes: false }],
  // Estimates are POSTs that change nothing.
  ['POST /delivery/fee', { writes: false }],
  ['POST /estimations', { writes: false }],
  ['POST /delivery/area/validate', { writes: false }],
  ['POST /order', { writes: true }],
  ['PUT /order/cancel', { writes: true }],
]);

export function keyRouteOf(method: string, routeUrl: string | undefined): { writes: boolean } | null {
  if (routeUrl === undefined || !SERVICE_PREFIX.test(routeUrl)) return null;
  return KEY_ROUTES.get(`${method} ${routeUrl.replace(SERVICE_PREFIX, '')}`) ?? null;
}

/** onRequest hook (after the principal hook): 403 for a key outside its routes or its write right. */
export function installApiKeyRouteLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const principal = request.principal;
    if (principal?.kind !== 'apiKey') return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = keyRouteOf(method, request.routeOptions.url);
    if (route === null || (route.writes && !principal.canWrite)) throw forbidden();
  });
}
