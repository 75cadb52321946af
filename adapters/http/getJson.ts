// GET of a JSON document on the app's own origin (translations, flags.json, version.json,
// client-config) with the platform's fetch: the first page needs these before anything else, and an
// HTTP library for them was the largest piece of the landing page's own code.
import { timeoutSignal } from './timeoutSignal';

export interface GetJsonOptions {
  /** Attempts after the first, on a network failure or a 408, 429 or 5xx answer. */
  retries?: number;
  /** Per attempt. */
  timeoutMs?: number;
  cache?: RequestCache;
  fetch?: typeof globalThis.fetch;
}

/** An answer that is not 2xx; `status` for the callers that tell them apart. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

const RETRYABLE_STATUS = (status: number) => status === 408 || status === 429 || status >= 500;

/** The parsed body of a 2xx answer; rejects with HttpStatusError, a network error or a SyntaxError. */
export async function getJson<T>(url: string, options: GetJsonOptions = {}): Promise<T> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  for (let attempt = 0; ; attempt += 1) {
    const { signal, done } = timeoutSignal(undefined, options.timeoutMs);
    try {
      const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: options.cache, signal });
      const text = await response.text();
      if (!response.ok) {
        if (attempt < (options.retries ?? 0) && RETRYABLE_STATUS(response.status)) continue;
        throw new HttpStatusError(response.status, parseOrText(text));
      }
      return JSON.parse(text) as T;
    } catch (error) {
      if (error instanceof HttpStatusError || error instanceof SyntaxError || attempt >= (options.retries ?? 0)) throw error;
    } finally {
      done();
    }
  }
}

/** An error body is JSON by API.md, but a proxy in between may answer HTML. */
export function parseOrText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
