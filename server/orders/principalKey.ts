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
