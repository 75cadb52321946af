// One HTTP call of API.md on the platform's fetch: base URL per service, Authorization from storage,
// JSON in and out, the retry policy of SPEC.md §7 and an Idempotency-Key reused across the retries of
// one call. (It ran on ofetch, whose JSON, query and timeout handling this needs only a few lines of;
// the library was the largest piece of every first page's own code.)
import type { KeyValueStorage } from '../ports';
import { ApiError, apiErrorFromResponse } from './apiError';
import { serviceBaseUrl, type ApiService } from './apiConfig';
import { authorizationHeader } from './authorization';
import { parseOrText } from './getJson';
import { DEFAULT_RETRIES, isRetryable, parseRetryAfter, realSleep, retryDelayMs, type Sleep } from './retryPolicy';
import { timeoutSignal } from './timeoutSignal';

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
  fetch?: typeof globalThis.fetch;
  newIdempotencyKey?: () => string;
  nowMs?: () => number;
}

export type Requester = <T>(spec: RequestSpec) => Promise<HttpResult<T>>;

export function createRequester(options: RequesterOptions): Requester {
  // Looked up per call, not kept: tests and the page may replace the global fetch after start-up.
  const fetchImpl: typeof globalThis.fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
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
        return await attemptOnce<T>(fetchImpl, url, spec, options.storage, idempotencyKey, nowMs);
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
  fetchImpl: typeof globalThis.fetch,
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
  const body = requestBody(spec.body, headers);

  const { signal, done } = timeoutSignal(spec.signal, spec.timeoutMs);
  try {
    let response: Response;
    let data: unknown;
    try {
      response = await fetchImpl(withQuery(url, spec.query), { method: spec.method, headers, body, signal });
      data = spec.responseType === 'blob' && response.ok ? await response.blob() : parseOrText(await response.text());
    } catch (cause) {
      throw ApiError.offline(cause);
    }
    if (!response.ok) {
      const retryAfterS = parseRetryAfter(response.headers.get('Retry-After'), nowMs());
      throw apiErrorFromResponse(response.status, data, retryAfterS);
    }
    return { data: data as T, status: response.status, headers: response.headers };
  } finally {
    done();
  }
}

/** Plain objects and arrays go as JSON; FormData, Blob and text as they are. */
function requestBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer) return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  const kept = withoutEmpty(query);
  if (kept === undefined || Object.keys(kept).length === 0) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(kept)) target.searchParams.set(name, value);
  return target.href;
}

function withoutEmpty(query: Record<string, QueryValue> | undefined): Record<string, string> | undefined {
  if (query === undefined) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') kept[name] = String(value);
  }
  return kept;
}
