// One HTTP call of API.md on ofetch: base URL per service, Authorization from storage, JSON in and
// out, the retry policy of SPEC.md §7 and an Idempotency-Key reused across the retries of one call.
// ofetch's own retry is switched off because it cannot honour Retry-After nor take an injected sleep.
import { createFetch, type $Fetch, type Fetch, type FetchResponse } from 'ofetch';
import type { KeyValueStorage } from '../ports';
import { ApiError, apiErrorFromResponse } from './apiError';
import { serviceBaseUrl, type ApiService } from './apiConfig';
import { authorizationHeader } from './authorization';
import { DEFAULT_RETRIES, isRetryable, parseRetryAfter, realSleep, retryDelayMs, type Sleep } from './retryPolicy';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestSpec {
  /** 'root' for the few routes with their own prefix (the help-centre service). */
  service: ApiService | 'root';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below `/{service}/api/v1`, starting with '/'. Callers encode path segments. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Defaults to SPEC.md §7's 3; the address-book search uses 1. */
  retries?: number;
  /** Creating writes send an Idempotency-Key so a retry cannot create twice (API.md). */
  idempotent?: boolean;
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResult<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface RequesterOptions {
  /** `{API_ORIGIN}` of API.md (see apiConfig.resolveApiOrigin). */
  origin: string;
  storage: KeyValueStorage;
  sleep?: Sleep;
  fetch?: Fetch;
  newIdempotencyKey?: () => string;
  nowMs?: () => number;
}

export type Requester = <T>(spec: RequestSpec) => Promise<HttpResult<T>>;

export function createRequester(options: RequesterOptions): Requester {
  const $fetch: $Fetch = createFetch(options.fetch ? { fetch: options.fetch } : {});
  const sleep = options.sleep ?? realSleep;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const nowMs = options.nowMs ?? Date.now;

  return async function request<T>(spec: RequestSpec): Promise<HttpResult<T>> {
    const retries = spec.retries ?? DEFAULT_RETRIES;
    // One key per logical call, generated once so every retry replays the same write.
    const idempotencyKey = spec.idempotent ? newKey() : null;
    const base = spec.service === 'root' ? new URL(options.origin).origin : serviceBaseUrl(options.origin, spec.service);
    const url = `${base}${spec.path}`;

    for (let attempt = 0; ; attempt += 1) {
      try {
        return await attemptOnce<T>($fetch, url, spec, options.storage, idempotencyKey, nowMs);
      } catch (error) {
        if (spec.signal?.aborted) throw spec.signal.reason;
        const failure = error instanceof ApiError ? error : ApiError.offline(error);
        if (attempt >= retries || !isRetryable(failure, spec.method, idempotencyKey !== null)) throw failure;
        await sleep(retryDelayMs(failure, attempt + 1), spec.signal);
      }
    }
  };
}

async function attemptOnce<T>(
  $fetch: $Fetch,
  url: string,
  spec: RequestSpec,
  storage: KeyValueStorage,
  idempotencyKey: string | null,
  nowMs: () => number,
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Read per attempt: a token refreshed while we waited is the one to send.
  const authorization = authorizationHeader(storage);
  if (authorization !== null) headers.Authorization = authorization;
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;

  let response: FetchResponse<unknown>;
  try {
    response = await $fetch.raw<unknown, 'json' | 'blob'>(url, {
      method: spec.method,
      headers,
      query: withoutEmpty(spec.query),
      // ofetch serialises plain objects as JSON and sets Content-Type; FormData goes as is.
      body: spec.body as BodyInit | Record<string, unknown> | undefined,
      responseType: spec.responseType ?? 'json',
      retry: 0,
      ignoreResponseError: true,
      timeout: spec.timeoutMs,
      signal: spec.signal,
    });
  } catch (cause) {
    throw ApiError.offline(cause);
  }

  if (!response.ok) {
    const retryAfterS = parseRetryAfter(response.headers.get('Retry-After'), nowMs());
    throw apiErrorFromResponse(response.status, await errorBody(response._data), retryAfterS);
  }
  return { data: response._data as T, status: response.status, headers: response.headers };
}

/** A failed blob download still carries API.md's JSON error shape. */
async function errorBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return null;
    }
  }
  return data;
}

function withoutEmpty(query: Record<string, QueryValue> | undefined): Record<string, string> | undefined {
  if (query === undefined) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') kept[name] = String(value);
  }
  return kept;
}
