// Cross-origin access for the origins in APP_ORIGINS only (the app is normally same-origin).
// Credentials travel in the Authorization header, never cookies, so no Allow-Credentials.
import type { FastifyInstance } from 'fastify';

const ALLOWED_HEADERS = 'authorization, content-type, idempotency-key, x-request-id';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const PREFLIGHT_MAX_AGE_S = '600';

export function installCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    void reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
      .header('access-control-expose-headers', 'retry-after, content-disposition, x-request-id');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply.status(204).headers({
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_S,
      }).send();
    }
  });
}
