// Where flags come from: the server's flag service (GET /flags) and the fallback file (/flags.json on
// the app origin). Each answers a whole flag map or throws.
import { ofetch } from 'ofetch';
import type { ApiClient, FlagContext, FlagJson, FlagMap, FlagSourceName, FlagValue } from '../ports';

/** SPEC.md §7 and §9: the flag service gets 2 s. */
export const FLAG_TIMEOUT_MS = 2000;

export interface FlagSource {
  name: FlagSourceName;
  fetchFlags(context: FlagContext): Promise<FlagMap>;
}

export function serverFlagSource(api: Pick<ApiClient, 'getFlags'>, timeoutMs = FLAG_TIMEOUT_MS): FlagSource {
  return {
    name: 'server',
    fetchFlags: async (context) => onlyFlagValues(await api.getFlags(context, AbortSignal.timeout(timeoutMs))),
  };
}

export function fileFlagSource(appOrigin: string, fetchImpl: typeof ofetch = ofetch, timeoutMs = FLAG_TIMEOUT_MS): FlagSource {
  return {
    name: 'file',
    fetchFlags: async () => {
      const file = await fetchImpl<unknown>(new URL('/flags.json', appOrigin).href, { retry: 0, timeout: timeoutMs });
      return onlyFlagValues(file);
    },
  };
}

/** The configured order, with the fallback file always last (SPEC.md §7). */
export function orderFlagSources(sources: readonly FlagSource[], order: readonly FlagSourceName[]): FlagSource[] {
  const byName = new Map(sources.map((source) => [source.name, source]));
  const names = [...order.filter((name) => name !== 'file'), 'file' as const];
  return [...new Set(names)].flatMap((name) => byName.get(name) ?? []);
}

function isFlagJson(value: unknown): value is FlagJson {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isFlagJson);
  return isPlainObject(value) && Object.values(value).every(isFlagJson);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Scalars and JSON objects or lists (object variations such as TrackingPageSettings); null is "no variation". */
function isFlagValue(value: unknown): value is FlagValue {
  return value !== null && isFlagJson(value);
}

/** A map of flag name to variation; anything else in the answer is dropped, a non-map is an error. */
function onlyFlagValues(value: unknown): FlagMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('Flags are not a map');
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, FlagValue] => isFlagValue(entry[1])));
}
