// Serves the built web app from dist/ (when it exists) with an SPA fallback: a GET for a non-API
// path that matches no file answers index.html, so deep links like /order-tracking/v1 work.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that belong to the server; a miss there is a JSON 404, never the app shell. */
const API_PREFIXES = ['/orders/', '/hurrier/', '/ops/', '/help-centre-service/', '/ws', '/metrics', '/healthz', '/readyz', '/flags'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  return true;
}

export function wantsAppShell(request: FastifyRequest): boolean {
  return request.method === 'GET' && !isApiPath(request.url);
}
