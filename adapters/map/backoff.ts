// SPEC §7: "The maps library load waits with exponential backoff up to 30 s."

export const MAP_LOAD_FIRST_DELAY_MS = 500;
export const MAP_LOAD_MAX_DELAY_MS = 30_000;
/** 0.5 + 1 + 2 + 4 + 8 + 16 + 30 s: a user on a flaky network waits about a minute before the error. */
export const MAP_LOAD_MAX_ATTEMPTS = 8;

/** The wait before retry number `retry` (0-based): doubling from 500 ms, never above 30 s. */
export function mapLoadRetryDelayMs(retry: number): number {
  return Math.min(MAP_LOAD_FIRST_DELAY_MS * 2 ** retry, MAP_LOAD_MAX_DELAY_MS);
}

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `load` until it resolves, waiting the backoff delay between failures; rethrows the last failure. */
export async function loadWithBackoff<T>(
  load: () => Promise<T>,
  sleep: Sleep = realSleep,
  maxAttempts: number = MAP_LOAD_MAX_ATTEMPTS,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    if (attempt > 0) await sleep(mapLoadRetryDelayMs(attempt - 1));
    try {
      return await load();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
