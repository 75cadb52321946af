// SPEC.md §7 retries: 3 times, 1 s x attempt, on network errors, idempotent-method errors and 429.
import type { ApiError } from './apiError';

export const DEFAULT_RETRIES = 3;
const RETRY_STEP_MS = 1000;

/** Waits `ms`; injectable so tests do not wait real seconds. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * A 429 asking for a longer wait than this is surfaced at once (e.g. the login throttle's
 * TooManyRequestsException) rather than holding the user's action for minutes.
 */
export const MAX_RETRY_AFTER_S = 10;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a failed attempt may be sent again. A POST carrying an Idempotency-Key counts as
 * idempotent: the server answers a replay with the first response (API.md).
 */
export function isRetryable(error: ApiError, method: string, hasIdempotencyKey: boolean): boolean {
  if (error.kind === 'offline') return true;
  if (error.status === 429) return error.retryAfterS === null || error.retryAfterS <= MAX_RETRY_AFTER_S;
  const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase()) || hasIdempotencyKey;
  return idempotent && (error.status >= 500 || error.status === 408);
}

/** Delay before retry number `attempt` (1-based): Retry-After when the server gave one, else 1 s x attempt. */
export function retryDelayMs(error: ApiError, attempt: number): number {
  if (error.retryAfterS !== null) return error.retryAfterS * 1000;
  return RETRY_STEP_MS * attempt;
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
