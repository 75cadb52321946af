// The one error type route handlers throw. The error handler (errorHandler.ts) turns it into
// API.md's shape: {status, message: key, errors: [{code, field, meta: {translation_key}}]}.

export class ApiError extends Error {
  readonly status: number;
  /** Translation key or identity-provider code, sent as `message`. */
  readonly key: string;
  readonly field: string | undefined;
  /** `errors[0].code`; defaults from the status. */
  readonly code: string;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;
  /** `errors[0].meta.translation_key` when it differs from `message` (identity-provider codes). */
  readonly translationKey: string;

  constructor(
    status: number,
    key: string,
    options: { field?: string; code?: string; headers?: Record<string, string>; translationKey?: string } = {},
  ) {
    super(key);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.field = options.field;
    this.code = options.code ?? defaultCode(status);
    this.headers = options.headers ?? {};
    this.translationKey = options.translationKey ?? key;
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 409: return 'conflict';
    case 413: return 'payload_too_large';
    case 422: return 'validation';
    case 429: return 'rate_limited';
    default: return status >= 500 ? 'internal' : 'error';
  }
}

export const badRequest = (key = 'error.bad-request', field?: string) => new ApiError(400, key, { field });
export const unauthorized = (key = 'NotAuthorizedException', field?: string) => new ApiError(401, key, { field });
export const forbidden = (key = 'error.forbidden', field?: string) => new ApiError(403, key, { field });
export const notFound = (key = 'error.not-found', field?: string) => new ApiError(404, key, { field });
export const conflict = (key = 'error.conflict', field?: string) => new ApiError(409, key, { field });
export const unprocessable = (key: string, field?: string) => new ApiError(422, key, { field });
export const tooManyRequests = (retryAfterS: number, key = 'TooManyRequestsException') =>
  new ApiError(429, key, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) } });

/** An auth-route failure: the identity-provider code as `message`, the screen's key as translation_key. */
export const authError = (status: number, providerCode: string, translationKey?: string, field?: string) =>
  new ApiError(status, providerCode, { field, code: 'auth', translationKey: translationKey ?? `auth.${providerCode}` });
