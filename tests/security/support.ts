// Shared by the security suite: in-process requests (app.inject, for volume), the callers of the
// demo seed (two accounts that never share a vendor, a GoDroid token, a guest) and the API.md
// error-shape check.
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../domain/types';
import type { TestServer } from '../server/harness';

export const SERVICE = '/orders/api/v1';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  body: unknown;
}

export interface InjectOptions {
  auth?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

/** One request through Fastify's injector (no socket): the full pipeline, hooks and handlers. */
export async function inject(app: FastifyInstance, method: string, url: string, options: InjectOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth) headers.authorization = options.auth;
  let payload: string | Buffer | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
  let body: unknown = response.body;
  try { body = JSON.parse(response.body); } catch { /* not JSON */ }
  return { status: response.statusCode, headers: response.headers, text: response.body, body };
}

/** API.md's one failure shape, with the status repeated in the body. */
export function isApiErrorBody(body: unknown, status: number): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Partial<ApiErrorBody>;
  const first = candidate.errors?.[0];
  return candidate.status === status && typeof candidate.message === 'string' && Array.isArray(candidate.errors)
    && first !== undefined && typeof first.code === 'string' && typeof first.meta?.translation_key === 'string';
}

/** Stack frames, SQL and file paths that must never reach a client. */
export const LEAK_PATTERNS = [/\bat \S+ \(.*:\d+:\d+\)/, /node_modules/, /\/work\//, /SQLITE_/, /\bselect\b.+\bfrom\b/i, /\binsert into\b/i, /\.ts:\d+/];

export function leaks(text: string): boolean {
  return LEAK_PATTERNS.some((pattern) => pattern.test(text));
}

export interface Callers {
  vendor: string;
  other: string;
  /** GoDroid token of the Singapore vendor (the other account's). */
  godroidOther: string;
  guest: string;
}

export async function demoCallers(server: TestServer): Promise<Callers> {
  const vendor = await server.login('vendor@example.com');
  const other = await server.login('other@example.com');
  const godroid = await server.call('POST', '/ops/godroid-token', { auth: `Ops ${server.opsToken}`, body: { vendor_id: 'sg-2000' } });
  if (godroid.status !== 200) throw new Error(`godroid token: ${godroid.status} ${godroid.text}`);
  const guest = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'guest@example.com', phone_number: '+966501111111', country_code: 'SA' } });
  if (guest.status !== 200) throw new Error(`guest session: ${guest.status} ${guest.text}`);
  return {
    vendor,
    other,
    godroidOther: `GoDroid ${(godroid.body as { token: string }).token}`,
    guest: `Bearer ${(guest.body as { result: { token: string } }).result.token}`,
  };
}

/** Nearest-rank percentile of a list of durations. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Prints a figure of the suite in one recognisable line (CI logs are grepped for "FIGURE"). */
export function figure(name: string, value: string): void {
  console.log(`FIGURE ${name}: ${value}`);
}
