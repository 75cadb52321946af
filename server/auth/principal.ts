// Who is calling: resolved once per request from `Authorization` (API.md's three schemes) and
// decorated as `request.principal`. An invalid, expired or foreign-audience token resolves to
// null; routes that need a caller then answer 401 through requireAuth.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRole, strongestRole, type Role } from '../../domain/teams';
import type { ApiKeyChecker } from '../apiKeys/checker';
import type { Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import { preparedQuery, type Placeholder } from '../db/preparedQuery';
import type { TokenVerifier } from './verifiedTokens';

export type Principal =
  | {
    kind: 'user'; userId: string; email: string;
    /**
     * Linked vendors and their outlets where the member's role allows what the route does (its
     * capability, auth/routeCapabilities.ts); `roles` holds every reached vendor, whatever the route.
     */
    vendorIds: string[];
    /** The member's role at each vendor it reaches (the stronger one where linked twice). */
    roles: Record<string, Role>;
  }
  | { kind: 'godroid'; vendorId: string }
  | { kind: 'guest'; guestId: string; countryCode: string }
  /**
   * An API key (server/apiKeys/): the vendors of its scope its creator still reaches, narrowed like a
   * member's to where the creator's role (`creatorRoles`) allows the route; read-only unless canWrite.
   */
  | { kind: 'apiKey'; keyId: string; canWrite: boolean; vendorIds: string[]; creatorRoles: Record<string, Role> }
  | null;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** Who an Authorization value names right now (null: nobody, or a session that has ended). */
    principalOf(authorization: string | undefined): Promise<Principal>;
  }
}

/**
 * The account and the vendors it reaches with its role at each: its active links and, for linked
 * parents, their outlets (one row per link and vendor; strongestRole folds them).
 */
function accountQuery(db: Db, accountId: string) {
  return db.selectFrom('accounts')
    .leftJoin('account_vendors', (join) => join.onRef('account_vendors.account_id', '=', 'accounts.account_id').on('account_vendors.status', '=', 'active'))
    .leftJoin('vendors', (join) => join.on((eb) => eb.or([
      eb('vendors.vendor_id', '=', eb.ref('account_vendors.vendor_id')),
      eb('vendors.parent_vendor_id', '=', eb.ref('account_vendors.vendor_id')),
    ])))
    .select(['accounts.account_id', 'accounts.email', 'accounts.sessions_revoked_at', 'vendors.vendor_id', 'account_vendors.role'])
    .where('accounts.account_id', '=', accountId);
}

// Compiled once (db/preparedQuery.ts): every signed-in request runs one of these.
const accountRows = preparedQuery((db, value: Placeholder<{ accountId: string }>) => accountQuery(db, value('accountId')));
const sessionAccountRows = preparedQuery((db, value: Placeholder<{ accountId: string; sessionId: string; nowS: number }>) =>
  accountQuery(db, value('accountId')).where((eb) => eb.exists(eb.selectFrom('refresh_tokens').select('refresh_tokens.token_hash')
    .where('refresh_tokens.token_hash', '=', value('sessionId')).where('refresh_tokens.revoked_at', 'is', null).where('refresh_tokens.expires_at', '>', value('nowS')))));
const guestSessionRows = preparedQuery((db, value: Placeholder<{ guestId: string }>) =>
  db.selectFrom('guest_sessions').select(['guest_id', 'country_code', 'expires_at']).where('guest_id', '=', value('guestId')));

/**
 * The account of a signed-in caller with the vendors it reaches, in one query: nothing when the
 * account is gone or, for a token that names its session, that session's refresh token is revoked or
 * expired. Read on every request (not cached) so logout, password reset, disabling and unlinking
 * take effect at once in every process.
 */
async function liveAccount(db: Db, accountId: string, sessionId: string | null, nowS: number) {
  const rows = sessionId === null ? await accountRows(db, { accountId }) : await sessionAccountRows(db, { accountId, sessionId, nowS });
  const first = rows[0];
  if (!first) return null;
  const linksPerVendor = new Map<string, Role[]>();
  for (const row of rows) {
    if (row.vendor_id === null || !isRole(row.role)) continue;
    linksPerVendor.set(row.vendor_id, [...(linksPerVendor.get(row.vendor_id) ?? []), row.role]);
  }
  const roles: Record<string, Role> = {};
  for (const [vendorId, linkRoles] of linksPerVendor) {
    const role = strongestRole(linkRoles);
    if (role) roles[vendorId] = role;
  }
  return { accountId: first.account_id, email: first.email, sessionsRevokedAt: first.sessions_revoked_at, vendorIds: Object.keys(roles), roles };
}

async function userPrincipal(db: Db, verify: TokenVerifier, accessToken: string, idToken: string | null, nowS: number): Promise<Principal> {
  const access = await verify('access', accessToken);
  if (!access?.sub) return null;
  if (idToken !== null) {
    const id = await verify('id', idToken);
    if (!id || id.sub !== access.sub) return null;
  }
  // Tokens of a signed-in session name it: a logout in the same second must end them too.
  const sessionId = typeof access.sid === 'string' ? access.sid : null;
  const account = await liveAccount(db, access.sub, sessionId, nowS);
  if (!account) return null;
  // Logout and password reset end the sessions that existed before them.
  if (account.sessionsRevokedAt !== null && (access.iat ?? 0) < account.sessionsRevokedAt) return null;
  return { kind: 'user', userId: account.accountId, email: account.email, vendorIds: account.vendorIds, roles: account.roles };
}

async function guestPrincipal(db: Db, verify: TokenVerifier, token: string, nowS: number): Promise<Principal> {
  const claims = await verify('guest', token);
  if (!claims?.sub) return null;
  const [session] = await guestSessionRows(db, { guestId: claims.sub });
  if (!session || session.expires_at <= nowS) return null;
  return { kind: 'guest', guestId: session.guest_id, countryCode: session.country_code };
}

type Scheme = 'godroid' | 'bearer' | 'apikey';

/** API.md's schemes and `ApiKey`, however spelled (`bearer`, `BEARER`, extra spaces): one reading everywhere. */
function parseAuthorization(authorization: string | undefined): { scheme: Scheme; credentials: string } | null {
  if (!authorization) return null;
  const match = /^(GoDroid|Bearer|ApiKey)\s+(\S+)$/i.exec(authorization.trim());
  if (!match) return null;
  return { scheme: (match[1] ?? '').toLowerCase() as Scheme, credentials: match[2] ?? '' };
}

/**
 * Who a request's signed token names, without asking the database: `user:{account}`,
 * `guest:{session}` or `godroid:{vendor}`, or null (no token, or one that fails verification).
 * The per-caller request budget is keyed on it: every spelling of a header, every session of an
 * account, share one budget, and a forged token names nobody (it falls back to the caller's IP).
 * Checks signatures only (memoised per token), so refusing a flood stays cheap.
 */
export async function verifiedCallerOf(verify: TokenVerifier, authorization: string | undefined, apiKeys?: ApiKeyChecker): Promise<string | null> {
  const parsed = parseAuthorization(authorization);
  if (!parsed) return null;
  if (parsed.scheme === 'apikey') {
    // Each key its own budget, once it has proved itself; until then the caller's IP pays.
    const keyId = apiKeys?.knownKeyId(parsed.credentials) ?? null;
    return keyId === null ? null : `apikey:${keyId}`;
  }
  if (parsed.scheme === 'godroid') {
    const vendorId = (await verify('godroid', parsed.credentials))?.restaurant_id;
    return typeof vendorId === 'string' ? `godroid:${vendorId}` : null;
  }
  const pipe = parsed.credentials.indexOf('|');
  if (pipe < 0) {
    const guest = await verify('guest', parsed.credentials);
    if (guest?.sub) return `guest:${guest.sub}`;
  }
  const access = await verify('access', pipe < 0 ? parsed.credentials : parsed.credentials.slice(0, pipe));
  return access?.sub ? `user:${access.sub}` : null;
}

export async function resolvePrincipal(db: Db, verify: TokenVerifier, authorization: string | undefined, nowS: number, apiKeys?: ApiKeyChecker): Promise<Principal> {
  const parsed = parseAuthorization(authorization);
  if (!parsed) return null;
  const { scheme, credentials } = parsed;
  if (scheme === 'apikey') {
    const key = apiKeys ? await apiKeys.resolve(credentials, nowS) : null;
    return key ? { kind: 'apiKey', keyId: key.keyId, canWrite: key.canWrite, vendorIds: key.vendorIds, creatorRoles: key.creatorRoles } : null;
  }
  if (scheme === 'godroid') {
    const claims = await verify('godroid', credentials);
    const vendorId = claims?.restaurant_id;
    return typeof vendorId === 'string' ? { kind: 'godroid', vendorId } : null;
  }
  const pipe = credentials.indexOf('|');
  if (pipe >= 0) return userPrincipal(db, verify, credentials.slice(0, pipe), credentials.slice(pipe + 1), nowS);
  // One token: a guest session, or an access token alone (tools and scripts).
  return (await guestPrincipal(db, verify, credentials, nowS))
    ?? userPrincipal(db, verify, credentials, null, nowS);
}

/** The Authorization value of a request; the WebSocket upgrade carries it as ?Authorization=. */
export function authorizationOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined || !request.url.startsWith('/ws')) return header;
  return new URL(request.url, 'http://localhost').searchParams.get('Authorization') ?? undefined;
}

/**
 * The hook that sets request.principal, and `app.principalOf` (the same resolution for a stored
 * Authorization value: the live-update sockets re-check their session with it).
 */
export function installPrincipalResolution(app: FastifyInstance, db: Db, verify: TokenVerifier, clock: Clock, apiKeys?: ApiKeyChecker): void {
  const principalOf = (authorization: string | undefined) => resolvePrincipal(db, verify, authorization, clock.nowS(), apiKeys);
  app.decorate('principalOf', principalOf);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.principal = await principalOf(authorizationOf(request));
  });
}
