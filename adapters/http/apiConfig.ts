// Where the API lives: `{API_ORIGIN}/{service}/api/v1` (API.md), the origin chosen by country and
// environment (SPEC.md §7). An empty table means the app's own origin, which is where the embedded
// server answers; a deployment fills the table at build time.

export const ENVIRONMENTS = ['stg', 'san', 'prd'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export type ApiService = 'orders' | 'hurrier';

/** Origins per environment, then per ISO country code; `'*'` is the environment's default. */
export type ApiOriginTable = Partial<Record<Environment, Partial<Record<string, string>>>>;

export interface ApiLocation {
  environment: Environment;
  country: string;
  /** The page's origin (window.location.origin), used when the table has no entry. */
  appOrigin: string;
  origins?: ApiOriginTable;
}

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function resolveApiOrigin(location: ApiLocation): string {
  const byCountry = location.origins?.[location.environment];
  const origin = byCountry?.[location.country.toUpperCase()] ?? byCountry?.['*'] ?? location.appOrigin;
  return new URL(origin).origin;
}

export function serviceBaseUrl(origin: string, service: ApiService): string {
  return new URL(`/${service}/api/v1`, origin).href;
}

/** The live-update socket of API.md: same origin, ws(s) scheme, header value as a query parameter. */
export function liveSocketUrl(origin: string, authorization: string | null): string {
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (authorization !== null) url.searchParams.set('Authorization', authorization);
  return url.href;
}
