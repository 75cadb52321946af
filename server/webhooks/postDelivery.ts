// One HTTP attempt of a webhook delivery: POST the signed JSON body to the endpoint, connecting to
// the address that was just checked (endpointAddress.ts; no second DNS lookup that a rebinding
// name server could answer differently), following no redirect (a 3xx is a failed attempt), giving
// up after the timeout (5 s in production) and reading at most a small part of the answer.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface AttemptOutcome {
  /** Null when no answer came (timeout, refused connection). */
  statusCode: number | null;
  latencyMs: number;
  /** The first bytes of the answer (at most `maxBodyBytes`, decoded as UTF-8). */
  excerpt: string;
  error: string | null;
}

export interface PostOptions {
  url: URL;
  /** The checked address to connect to. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

/** Always resolves (a failure is an outcome to record, not an exception). */
export function postDelivery(options: PostOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const family = isIP(options.address) === 6 ? 6 : 4;
  // Node may ask for every address (autoSelectFamily): answer the one we checked, either way.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: options.address, family }]);
    else callback(null, options.address, family);
  };
  const send = options.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: Math.round(performance.now() - started) });
    };
    const request = send(options.url, {
      method: 'POST',
      lookup: pinned,
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      agent: false,
    }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => finish({ statusCode: response.statusCode ?? null, excerpt: Buffer.concat(chunks).toString('utf8'), error: null });
      response.on('data', (chunk: Buffer) => {
        if (kept < options.maxBodyBytes) {
          const part = chunk.subarray(0, options.maxBodyBytes - kept);
          chunks.push(part);
          kept += part.length;
        }
        // Enough read: the rest of the answer is not ours to wait for.
        if (kept >= options.maxBodyBytes) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: '', error: 'timeout' });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, excerpt: '', error: error.code ?? error.message }));
    request.end(options.body);
  });
}
