// MAP_PMTILES: one PMTiles archive of vector tiles served by our own server, so street maps need no
// Mapbox account and no tile server (docs/decisions/0001-maps.md). The browser's `pmtiles` library
// reads the tiles it needs with HTTP range requests; @fastify/static answers them (206 with
// Content-Range, 416 past the end) and ETags the file. Only the one named file is reachable: any
// other path under the prefix, `..` included, is a 404.
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const MAP_TILES_PREFIX = '/map-tiles/';

/** The URL path of the archive: its file name under the prefix. */
export function mapTilesPath(archivePath: string): string {
  return `${MAP_TILES_PREFIX}${encodeURIComponent(basename(archivePath))}`;
}

/** Serves the archive; false (and a warning) when the file is missing, so the app keeps its offline map. */
export async function registerMapTiles(app: FastifyInstance, archivePath: string): Promise<boolean> {
  if (!existsSync(archivePath)) {
    app.log.warn({ archivePath }, 'MAP_PMTILES names no file: maps use the offline basemap');
    return false;
  }
  const fileName = `/${basename(archivePath)}`;
  await app.register(fastifyStatic, {
    root: dirname(archivePath),
    prefix: MAP_TILES_PREFIX,
    // A second instance next to the web app's: no reply.sendFile decorator of its own.
    decorateReply: false,
    index: false,
    wildcard: true,
    acceptRanges: true,
    allowedPath: (pathName) => pathName === fileName,
    // A new extract keeps its name: revalidate by ETag rather than cache it for good.
    cacheControl: false,
    setHeaders: (reply) => { reply.header('cache-control', 'no-cache'); },
  });
  return true;
}
