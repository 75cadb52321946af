// Serves the built web app from dist/ (when it exists) with an SPA fallback: a GET for a non-API
// path that matches no file answers index.html, so deep links like /order-tracking/v1 work.
// Compressed copies made at build time (scripts/build/precompress.ts) are sent as they are.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that belong to the server; a miss there is a JSON 404, never the app shell. */
const API_PREFIXES = ['/orders/', '/hurrier/', '/ops/', '/help-centre-service/', '/ws', '/metrics', '/healthz', '/readyz', '/flags', '/map-tiles/', '/api-docs'];

/** A year: what browsers treat as forever. */
const ONE_YEAR_S = 31_536_000;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/**
 * Vite names what it emits under assets/ after the file's content, so a changed file gets a new
 * name: those are cached for good. Everything else (index.html, version.json, catalogues, basemap)
 * keeps its name across deploys, so the browser asks again each time and gets a 304 by ETag.
 */
export function cacheControlFor(pathInDist: string): string {
  const logical = pathInDist.split(sep).join('/').replace(/\.(br|gz)$/, '');
  return logical.startsWith('assets/') ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache';
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => { reply.header('cache-control', cacheControlFor(relative(distDir, path))); },
  });
  return true;
}

export function wantsAppShell(request: FastifyRequest): boolean {
  return request.method === 'GET' && !isApiPath(request.url);
}
