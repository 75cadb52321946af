// GET /version.json on the app's own origin: the build id the outdated-build check compares with the
// one this bundle was built with (SPEC.md §2, checked every 5 minutes by the appLoad machine).
import type { BuildVersion, VersionChecker } from './ports';
import { ApiError, apiErrorFromResponse } from './http/apiError';
import { getJson, HttpStatusError } from './http/getJson';

export async function fetchBuildVersion(appOrigin: string, fetchImpl: typeof globalThis.fetch = globalThis.fetch): Promise<BuildVersion> {
  const url = new URL('/version.json', appOrigin);
  // The query defeats any cache between us and the server; a cached answer would hide a new build.
  url.searchParams.set('t', String(Date.now()));
  let version: Partial<BuildVersion> | null;
  try {
    version = await getJson<Partial<BuildVersion> | null>(url.href, { cache: 'no-store', fetch: fetchImpl });
  } catch (cause) {
    if (cause instanceof HttpStatusError) throw apiErrorFromResponse(cause.status, cause.body);
    throw ApiError.offline(cause);
  }
  if (typeof version?.build_id !== 'string') throw apiErrorFromResponse(200, version);
  return { build_id: version.build_id };
}

export function createVersionChecker(appOrigin: string): VersionChecker {
  return { currentBuildId: async () => (await fetchBuildVersion(appOrigin)).build_id };
}
