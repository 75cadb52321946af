// Operating endpoints: /healthz (process up), /readyz (database answers), /metrics (Prometheus).
import type { FastifyInstance } from 'fastify';
import { pingDb } from '../db/connect';
import { ApiError } from '../http/errors';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request) => {
    const checks: [string, () => Promise<boolean>][] = [['database', () => pingDb(app.db)], ...app.readinessChecks];
    const results = await Promise.all(checks.map(async ([name, check]) => [name, await check().catch(() => false)] as const));
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    if (failing.length > 0) {
      request.log.warn({ failing }, 'not ready');
      throw new ApiError(503, 'error.not-ready', { code: 'unavailable', field: failing.join(',') });
    }
    return { status: 'ready' };
  });

  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(await app.metrics.render()));
}
