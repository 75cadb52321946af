// Session validity and refresh (SPEC.md §4 "Session"), and the live-orders fallback refresh.
import { LIMITS } from './limits';
import type { AppMode, UnixSeconds } from './types';

/** Refresh when fewer than 600 seconds remain. */
export function needsSessionRefresh(expiresUnix: UnixSeconds, nowUnix: UnixSeconds): boolean {
  return expiresUnix - nowUnix < LIMITS.tokenRefreshThresholdS;
}

export interface SessionSnapshot {
  mode: AppMode;
  user: { id: string; email: string } | null;
  /** Token expiry, unix seconds; null when unknown. */
  expires: UnixSeconds | null;
}

/** GODROID and GUEST are always valid; CLASSIC needs a user and an expiry in the future. */
export function isSessionValid({ mode, user, expires }: SessionSnapshot, nowUnix: UnixSeconds): boolean {
  if (mode === 'GODROID' || mode === 'GUEST') return true;
  return user !== null && expires !== null && expires > nowUnix;
}

/** Seconds without an update after which active orders are fetched again (SPEC.md §4). */
export function fallbackRefreshAfterS({ isGuest, dynamicEstimation }: { isGuest: boolean; dynamicEstimation: boolean }): number {
  return isGuest || dynamicEstimation ? LIMITS.fallbackRefreshGuestOrDynamicS : LIMITS.fallbackRefreshDefaultS;
}

/**
 * Milliseconds to wait before the next session extension, never negative. `lifetimeS`, the whole life
 * of tokens just received, lowers the 600 s threshold to half of it: tokens that live 600 s or less
 * (a short ACCESS_TOKEN_TTL_S) would otherwise be refreshed again at once, in a loop.
 */
export function sessionRefreshDelayMs(expiresUnix: UnixSeconds, nowUnix: UnixSeconds, lifetimeS: number | null = null): number {
  const threshold = lifetimeS === null ? LIMITS.tokenRefreshThresholdS : Math.min(LIMITS.tokenRefreshThresholdS, lifetimeS / 2);
  return Math.max(0, (expiresUnix - threshold - nowUnix) * 1000);
}
