// Operating endpoints: /healthz (process up), /readyz (database answers), /metrics (Prometheus, operators only).
import type { FastifyInstance } from 'fastify';
import { pingDb } from '../db/connect';
import { safeEqual } from '../auth/secureRandom';
import type { Config } from '../config';
import { ApiError, unauthorized } from '../http/errors';
import { errorAnswers } from '../http/openapi';

/** `Ops {OPS_TOKEN}` or `Bearer {METRICS_TOKEN}`. */
export function mayReadMetrics(authorization: string | undefined, config: Pick<Config, 'opsToken' | 'metricsToken'>): boolean {
  const match = /^(Ops|Bearer)\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[2]) return false;
  const expected = match[1]?.toLowerCase() === 'ops' ? config.opsToken : config.metricsToken;
  return expected !== null && safeEqual(match[2], expected);
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { response: errorAnswers(503) } }, async (request) => {
    const checks: [string, () => Promise<boolean>][] = [['database', () => pingDb(app.db)], ...app.readinessChecks];
    const results = await Promise.all(checks.map(async ([name, check]) => [name, await check().catch(() => false)] as const));
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    if (failing.length > 0) {
      request.log.warn({ failing }, 'not ready');
      throw new ApiError(503, 'error.not-ready', { code: 'unavailable', field: failing.join(',') });
    }
    return { status: 'ready' };
  });

  // Metrics name routes, volumes and queue depths: operators only (the Ops token, or METRICS_TOKEN
  // as a bearer token for a Prometheus scraper); with neither set nobody reads them over HTTP.
  app.get('/metrics', { schema: { response: errorAnswers(401) } }, async (request, reply) => {
    if (!mayReadMetrics(request.headers.authorization, app.config)) throw unauthorized('error.ops-token');
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await app.metrics.render());
  });
}
