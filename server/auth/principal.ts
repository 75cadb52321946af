// Who is calling: resolved once per request from `Authorization` (API.md's three schemes) and
// decorated as `request.principal`. An invalid, expired or foreign-audience token resolves to
// null; routes that need a caller then answer 401 through requireAuth.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { isSessionLive } from './sessions';
import { verifyToken } from './tokens';

export type Principal =
  | { kind: 'user'; userId: string; email: string; /** Linked vendors and their outlets. */ vendorIds: string[] }
  | { kind: 'godroid'; vendorId: string }
  | { kind: 'guest'; guestId: string; countryCode: string }
  | null;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}

/** Vendors an account reaches: the linked ones and, for linked parents, their outlets. */
export async function reachableVendorIds(db: Db, accountId: string): Promise<string[]> {
  const linked = db.selectFrom('account_vendors').select('vendor_id').where('account_id', '=', accountId);
  const rows = await db.selectFrom('vendors').select('vendor_id')
    .where((eb) => eb.or([eb('vendor_id', 'in', linked), eb('parent_vendor_id', 'in', linked)]))
    .execute();
  return rows.map((r) => r.vendor_id);
}

async function userPrincipal(db: Db, secret: string, accessToken: string, idToken: string | null): Promise<Principal> {
  const access = await verifyToken(secret, 'access', accessToken);
  if (!access?.sub) return null;
  if (idToken !== null) {
    const id = await verifyToken(secret, 'id', idToken);
    if (!id || id.sub !== access.sub) return null;
  }
  const account = await db.selectFrom('accounts').select(['account_id', 'email', 'sessions_revoked_at'])
    .where('account_id', '=', access.sub).executeTakeFirst();
  if (!account) return null;
  // Logout and password reset end the sessions that existed before them.
  if (account.sessions_revoked_at !== null && (access.iat ?? 0) < account.sessions_revoked_at) return null;
  // Tokens of a signed-in session name it: a logout in the same second must end them too.
  if (typeof access.sid === 'string' && !(await isSessionLive(db, access.sid, Math.floor(Date.now() / 1000)))) return null;
  return { kind: 'user', userId: account.account_id, email: account.email, vendorIds: await reachableVendorIds(db, account.account_id) };
}

async function guestPrincipal(db: Db, secret: string, token: string, nowS: number): Promise<Principal> {
  const claims = await verifyToken(secret, 'guest', token);
  if (!claims?.sub) return null;
  const session = await db.selectFrom('guest_sessions').select(['guest_id', 'country_code', 'expires_at'])
    .where('guest_id', '=', claims.sub).executeTakeFirst();
  if (!session || session.expires_at <= nowS) return null;
  return { kind: 'guest', guestId: session.guest_id, countryCode: session.country_code };
}

export async function resolvePrincipal(db: Db, secret: string, authorization: string | undefined): Promise<Principal> {
  if (!authorization) return null;
  const match = /^(GoDroid|Bearer)\s+(\S+)$/i.exec(authorization.trim());
  if (!match) return null;
  const scheme = match[1] ?? '';
  const credentials = match[2] ?? '';
  if (scheme.toLowerCase() === 'godroid') {
    const claims = await verifyToken(secret, 'godroid', credentials);
    const vendorId = claims?.restaurant_id;
    return typeof vendorId === 'string' ? { kind: 'godroid', vendorId } : null;
  }
  const pipe = credentials.indexOf('|');
  if (pipe >= 0) return userPrincipal(db, secret, credentials.slice(0, pipe), credentials.slice(pipe + 1));
  // One token: a guest session, or an access token alone (tools and scripts).
  return (await guestPrincipal(db, secret, credentials, Math.floor(Date.now() / 1000)))
    ?? userPrincipal(db, secret, credentials, null);
}

/** The hook that sets request.principal. The WebSocket upgrade carries it as ?Authorization=. */
export function installPrincipalResolution(app: FastifyInstance, db: Db, secret: string): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    let header = request.headers.authorization;
    if (header === undefined && request.url.startsWith('/ws')) {
      const fromQuery = new URL(request.url, 'http://localhost').searchParams.get('Authorization');
      header = fromQuery ?? undefined;
    }
    request.principal = await resolvePrincipal(db, secret, header);
  });
}
