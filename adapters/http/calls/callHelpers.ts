// What every area of the API client is built from: the requester and one unwrapping helper per
// answer envelope of API.md (`result`, `data` or `body`), so each area's calls hand machines domain types.
import type { Clock, KeyValueStorage } from '../../ports';
import { attachmentFileName } from '../contentDisposition';
import { createRequester, type Requester, type RequesterOptions, type RequestSpec } from '../requester';
import type { Sleep } from '../retryPolicy';

export interface HttpApiClientOptions {
  /** `{API_ORIGIN}`; see apiConfig.resolveApiOrigin. */
  origin: string;
  /** Where version.json lives; the API origin when omitted. */
  appOrigin?: string;
  storage: KeyValueStorage;
  clock: Clock;
  sleep?: Sleep;
  fetch?: RequesterOptions['fetch'];
  newIdempotencyKey?: () => string;
  createUploadRequest?: () => XMLHttpRequest;
}

export interface CallHelpers {
  options: HttpApiClientOptions;
  request: Requester;
  /** The answer as it is. */
  call: <T>(spec: RequestSpec) => Promise<T>;
  /** The answer's `result`. */
  result: <T>(spec: RequestSpec) => Promise<T>;
  /** The answer's `data`. */
  data: <T>(spec: RequestSpec) => Promise<T>;
  /** The answer's `body`. */
  body: <T>(spec: RequestSpec) => Promise<T>;
  /** A downloaded file with the name from Content-Disposition, else `fallbackName`. */
  file: (spec: RequestSpec, fallbackName: string) => Promise<{ file: Blob; fileName: string }>;
}

export const segment = encodeURIComponent;

export function createCallHelpers(options: HttpApiClientOptions): CallHelpers {
  const request = createRequester(options);
  const call = async <T>(spec: RequestSpec): Promise<T> => (await request<T>(spec)).data;
  return {
    options,
    request,
    call,
    result: async <T>(spec: RequestSpec) => (await call<{ result: T }>(spec)).result,
    data: async <T>(spec: RequestSpec) => (await call<{ data: T }>(spec)).data,
    body: async <T>(spec: RequestSpec) => (await call<{ body: T }>(spec)).body,
    file: async (spec, fallbackName) => {
      const response = await request<Blob>({ ...spec, responseType: 'blob' });
      return { file: response.data, fileName: attachmentFileName(response.headers.get('Content-Disposition'), fallbackName) };
    },
  };
}
