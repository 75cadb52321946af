// API.md's one error shape, turned into a typed error the machines can branch on.
import type { ApiErrorBody } from '../../domain/types';

/** SPEC.md §7: shown when a call fails without any HTTP status. */
export const OFFLINE_MESSAGE = 'Something went wrong. Please try again. You could be offline.';
export const OFFLINE_KEY = 'error.offline';

export type ApiErrorKind = 'http' | 'offline';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when offline. */
    readonly status: number,
    /** API.md `message`: a translation key or an identity-provider code. */
    readonly key: string,
    /** The first error's `field`, if any. */
    readonly field: string | null,
    /** The first error's `meta.translation_key`, else `key`. */
    readonly translationKey: string,
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfterS: number | null = null,
  ) {
    super(kind === 'offline' ? OFFLINE_MESSAGE : key);
  }

  static offline(cause?: unknown): ApiError {
    const error = new ApiError('offline', 0, OFFLINE_KEY, null, OFFLINE_KEY);
    if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
    return error;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isErrorBody(value: unknown): value is Partial<ApiErrorBody> {
  return typeof value === 'object' && value !== null;
}

/** Builds the ApiError for a failed response; a body that is not API.md's shape still yields a key. */
export function apiErrorFromResponse(status: number, body: unknown, retryAfterS: number | null = null): ApiError {
  const parsed = isErrorBody(body) ? body : {};
  const key = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : `http.${status}`;
  const first = Array.isArray(parsed.errors) ? parsed.errors[0] : undefined;
  const field = typeof first?.field === 'string' ? first.field : null;
  const translationKey = typeof first?.meta?.translation_key === 'string' ? first.meta.translation_key : key;
  return new ApiError('http', status, key, field, translationKey, retryAfterS);
}
