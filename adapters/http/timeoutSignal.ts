// One AbortSignal for a request that stops at the caller's signal or after `timeoutMs`, whichever
// comes first. AbortSignal.any would say this in one call but is missing from Safari before 17.4,
// which shop tablets still run.

/** The combined signal and a function that releases its timer once the request is done. */
export function timeoutSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): { signal: AbortSignal | undefined; done: () => void } {
  if (timeoutMs === undefined) return { signal, done: () => undefined };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), timeoutMs);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}
