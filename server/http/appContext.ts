// What every route plugin can reach on `app` (Fastify declaration merging). buildApp decorates
// these once at the root, so plugins registered under any prefix see them.
import type { SessionEnds } from '../auth/sessionEnds';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { FlagService } from '../flags/flag-service';
import type { Geocoder } from '../geo/geocoder';
import type { Mailer } from '../mail/mailer';
import type { MetricsRegistry } from './metrics';
import type { RateLimiter } from './rateLimiter';

export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  geocoder: Geocoder;
  metrics: MetricsRegistry;
  rateLimiter: RateLimiter;
  flags: FlagService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    geocoder: Geocoder;
    metrics: MetricsRegistry;
    rateLimiter: RateLimiter;
    flags: FlagService;
    /** Routes that end sessions notify it; the live-update sockets listen (auth/sessionEnds.ts). */
    sessionEnds: SessionEnds;
    /** Every route registered, for the generated cross-tenant test and docs. */
    routeTable: RegisteredRoute[];
    /**
     * What /readyz checks besides the database; other parts add theirs, e.g.
     * `app.readinessChecks.set('pubsub', () => pubsub.ping())`.
     */
    readinessChecks: Map<string, () => Promise<boolean>>;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Names of path parameters, e.g. ['vendorId']. */
  params: string[];
  /** Top-level property names of the querystring schema. */
  query: string[];
  /** Top-level property names of the body schema. */
  body: string[];
}
