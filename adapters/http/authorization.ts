// SPEC.md §7 Authorization priority: GoDroid token > signed-in user > guest session.
import type { KeyValueStorage } from '../ports';
import { readAuthMeta, readGodroidToken, readGuestSession } from '../storage/sessionStorage';

export function authorizationHeader(storage: KeyValueStorage): string | null {
  const godroidToken = readGodroidToken(storage);
  if (godroidToken !== null) return `GoDroid ${godroidToken}`;
  const meta = readAuthMeta(storage);
  if (meta !== null) return `Bearer ${meta.AccessToken}|${meta.IdToken}`;
  const guest = readGuestSession(storage);
  if (guest !== null) return `Bearer ${guest.token}`;
  return null;
}
