// Multipart upload with progress for POST /bulk-job/create. fetch (and so ofetch) reports no upload
// progress in browsers (a streaming request body needs HTTP/2 and half-duplex, not available
// everywhere), so this one call uses XMLHttpRequest, whose `upload.onprogress` is universal.
// No retries: the server creates a job per upload and the call carries no idempotency key.
import { ApiError, apiErrorFromResponse } from './apiError';
import { parseRetryAfter } from './retryPolicy';

export interface MultipartUpload {
  url: string;
  form: FormData;
  authorization: string | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Injectable for tests; the browser's XMLHttpRequest by default. */
  createRequest?: () => XMLHttpRequest;
}

export function uploadWithProgress<T>(upload: MultipartUpload): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = upload.createRequest ? upload.createRequest() : new XMLHttpRequest();
    request.open('POST', upload.url);
    request.responseType = 'text';
    request.setRequestHeader('Accept', 'application/json');
    if (upload.authorization !== null) request.setRequestHeader('Authorization', upload.authorization);

    let reported = 0;
    const report = (fraction: number) => {
      reported = fraction;
      upload.onProgress?.(fraction);
    };
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        if (reported < 1) report(1);
        resolve(body as T);
        return;
      }
      const retryAfterS = parseRetryAfter(request.getResponseHeader('Retry-After'), Date.now());
      reject(apiErrorFromResponse(request.status, body, retryAfterS));
    });
    request.addEventListener('error', () => reject(ApiError.offline()));
    request.addEventListener('timeout', () => reject(ApiError.offline()));
    request.addEventListener('abort', () => reject(upload.signal?.reason ?? new DOMException('Aborted', 'AbortError')));
    upload.signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(upload.form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
