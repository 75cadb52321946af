import type { AuthenticatedPrincipal } from '../auth/tenancy';

/** A stable name for who is calling, for per-principal scopes (idempotency keys). */
export function principalKey(principal: AuthenticatedPrincipal): string {
  switch (principal.kind) {
    case 'user': return `user:${principal.userId}`;
    case 'godroid': return `godroid:${principal.vendorId}`;
    case 'guest': return `guest:${principal.guestId}`;
    case 'apiKey': return `apikey:${principal.keyId}`;
  }
}

export type PrincipalKeyKind = 'user' | 'godroid' | 'guest' | 'apikey';

/** The kind and id a principal key was made of (the inverse of principalKey). */
export function parsePrincipalKey(key: string): { kind: PrincipalKeyKind; id: string } {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const id = key.slice(colon + 1);
  switch (kind) {
    case 'user': case 'godroid': case 'guest': case 'apikey': return { kind, id };
    default: throw new Error(`not a principal key: ${key}`);
  }
}
