// GET /version.json on the app's own origin: the build id the outdated-build check compares with the
// one this bundle was built with (SPEC.md §2, checked every 5 minutes by the appLoad machine).
import { ofetch } from 'ofetch';
import type { BuildVersion, VersionChecker } from './ports';
import { ApiError, apiErrorFromResponse } from './http/apiError';

export async function fetchBuildVersion(appOrigin: string, fetchImpl: typeof ofetch = ofetch): Promise<BuildVersion> {
  const url = new URL('/version.json', appOrigin).href;
  let response;
  try {
    // The query defeats any cache between us and the server; a cached answer would hide a new build.
    response = await fetchImpl.raw<BuildVersion>(url, {
      query: { t: Date.now() },
      retry: 0,
      ignoreResponseError: true,
      cache: 'no-store',
    });
  } catch (cause) {
    throw ApiError.offline(cause);
  }
  if (!response.ok || typeof response._data?.build_id !== 'string') throw apiErrorFromResponse(response.status, response._data);
  return { build_id: response._data.build_id };
}

export function createVersionChecker(appOrigin: string): VersionChecker {
  return { currentBuildId: async () => (await fetchBuildVersion(appOrigin)).build_id };
}
