// When a webhook delivery that failed (non-2xx, timeout, refused) is tried again (issue #25):
// exponential backoff from 10 s, doubling up to an hour between tries, with jitter so that many
// deliveries failing together do not all come back at the same moment; no try starts more than
// 24 h after the delivery's window opened (its first try, or a resend), and then it has failed.
// Pure: the time and the random draw are parameters.

export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_FIRST_RETRY_MS = 10_000;
export const WEBHOOK_MAX_RETRY_GAP_MS = 60 * 60 * 1000;

export type RetryDecision = { retryAtMs: number } | { giveUp: true };

/**
 * After failed attempt number `attempts` (1 = the first try), at `nowMs`: when to try again, or give up.
 * `random` is a draw in [0, 1): the wait is between half and all of the backoff ("equal jitter").
 */
export function nextWebhookRetry(input: { attempts: number; windowStartedAtMs: number; nowMs: number; random: number }): RetryDecision {
  const exponent = Math.max(0, input.attempts - 1);
  const backoff = Math.min(WEBHOOK_MAX_RETRY_GAP_MS, WEBHOOK_FIRST_RETRY_MS * 2 ** Math.min(exponent, 30));
  const random = Math.min(Math.max(input.random, 0), 1);
  const retryAtMs = input.nowMs + Math.round(backoff / 2 + (backoff / 2) * random);
  if (retryAtMs > input.windowStartedAtMs + WEBHOOK_RETRY_WINDOW_MS) return { giveUp: true };
  return { retryAtMs };
}
