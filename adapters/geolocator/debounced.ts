// Latest-wins debouncing for typed searches (SPEC.md §9: 500 ms for autocomplete). The delay is a
// parameter and the timer injectable, so the input or machine that owns the typing decides.
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Wraps `run` so that only the last call within `delayMs` runs; earlier callers' promises reject with
 * an AbortError, so a stale answer can never overwrite a newer one.
 */
export function debounceLatest<A, R>(run: (arg: A) => Promise<R>, delayMs: number, timers: Timers = realTimers) {
  let pending: { handle: unknown; reject: (reason: unknown) => void } | null = null;
  let generation = 0;
  return (arg: A): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      if (pending !== null) {
        timers.clearTimeout(pending.handle);
        pending.reject(new DOMException('Superseded by a newer search', 'AbortError'));
      }
      const mine = ++generation;
      const handle = timers.setTimeout(() => {
        pending = null;
        run(arg).then(
          (value) => (mine === generation ? resolve(value) : reject(new DOMException('Superseded by a newer search', 'AbortError'))),
          reject,
        );
      }, delayMs);
      pending = { handle, reject };
    });
}
