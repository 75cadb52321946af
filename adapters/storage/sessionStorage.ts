// Credentials of the three modes (SPEC.md §6): GoDroid token, signed-in user, guest session.
import type { AuthMeta } from '../../domain/types';
import type { AuthUser, GuestSession, KeyValueStorage } from '../ports';
import { hasStrings, isRecord, readJson, writeJson } from './jsonItem';
import { STORAGE_KEYS } from './storageKeys';

export function readGodroidToken(storage: KeyValueStorage): string | null {
  const token = storage.getItem(STORAGE_KEYS.godroidToken);
  return token === null || token.trim() === '' ? null : token.trim();
}

/** The courier app marks that its user must still accept the terms of service. */
export function isGodroidTosRequired(storage: KeyValueStorage): boolean {
  return storage.getItem(STORAGE_KEYS.godroidTosRequired) === 'true';
}

export function writeGodroidTosRequired(storage: KeyValueStorage, required: boolean): void {
  if (required) storage.setItem(STORAGE_KEYS.godroidTosRequired, 'true');
  else storage.removeItem(STORAGE_KEYS.godroidTosRequired);
}

/** The embedded session ends on this device: the token and the terms marker go, the app's locale stays. */
export function clearGodroidSession(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.godroidToken);
  storage.removeItem(STORAGE_KEYS.godroidTosRequired);
}

function isAuthMeta(value: unknown): value is AuthMeta {
  return (
    isRecord(value) && hasStrings(value, ['AccessToken', 'IdToken', 'RefreshToken']) && typeof value.Expires === 'number'
  );
}

function isAuthUser(value: unknown): value is AuthUser {
  return isRecord(value) && hasStrings(value, ['id', 'email']);
}

function isGuestSession(value: unknown): value is GuestSession {
  return isRecord(value) && typeof value.token === 'string' && typeof value.expires === 'number';
}

export function readAuthMeta(storage: KeyValueStorage): AuthMeta | null {
  return readJson(storage, STORAGE_KEYS.authMeta, isAuthMeta);
}

export function readAuthUser(storage: KeyValueStorage): AuthUser | null {
  return readJson(storage, STORAGE_KEYS.authUser, isAuthUser);
}

export function writeSignedIn(storage: KeyValueStorage, user: AuthUser, meta: AuthMeta): void {
  writeJson(storage, STORAGE_KEYS.authUser, user);
  writeJson(storage, STORAGE_KEYS.authMeta, meta);
}

/** After /login/extend: new access and id tokens, the refresh token is kept (SPEC.md §7). */
export function writeExtendedSession(
  storage: KeyValueStorage,
  tokens: { AccessToken: string; IdToken: string; Expires: number },
): void {
  const current = readAuthMeta(storage);
  if (current === null) return;
  writeJson(storage, STORAGE_KEYS.authMeta, { ...current, ...tokens });
}

export function clearSignedIn(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.authUser);
  storage.removeItem(STORAGE_KEYS.authMeta);
}

export function readGuestSession(storage: KeyValueStorage): GuestSession | null {
  return readJson(storage, STORAGE_KEYS.guestSession, isGuestSession);
}

export function writeGuestSession(storage: KeyValueStorage, session: GuestSession): void {
  writeJson(storage, STORAGE_KEYS.guestSession, session);
}

export function clearGuestSession(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.guestSession);
}

/** Logout: every credential of every mode (the GoDroid token belongs to the courier app and stays). */
export function clearCredentials(storage: KeyValueStorage): void {
  clearSignedIn(storage);
  clearGuestSession(storage);
}
