// The failing-webhooks banner's live signal (API.md "Live updates", `subscribeToWebhookHealth`): a
// socket of its own that asks for `webhook_health` notices and reports each one, so the banner reads
// the endpoints again at once instead of at its next minute. A dropped socket is opened again after a
// growing pause; the first answer after that counts as a change too (a notice may have gone by while
// it was closed). The banner's minute poll stays as the fallback.
import type { LiveConnection, LiveSocket } from '../ports';

/** The pause before opening a dropped socket again, one per drop in a row; the last one repeats. */
export const HEALTH_RECONNECT_MS = [1_000, 2_000, 5_000, 15_000, 60_000] as const;

export interface HealthWatchTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: HealthWatchTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Starts listening; `onChange` runs on each notice and after a reconnect. Answers the stop function. */
export function watchWebhookHealth(live: LiveSocket, onChange: () => void, timers: HealthWatchTimers = browserTimers): () => void {
  let connection: LiveConnection | null = null;
  let retry: unknown = null;
  let drops = 0;
  let stopped = false;

  function open(): void {
    const reconnecting = drops > 0;
    let answered = false;
    connection = live.open({
      onOpen: () => connection?.send({ action: 'subscribeToWebhookHealth' }),
      onMessage: (message) => {
        if (message.type === 'webhook_health') onChange();
        else if (!answered && reconnecting) onChange();
        answered = true;
        // A refusal (no vendor where the role sees webhooks) ends nothing: the socket just stays quiet.
        if (message.type === 'subscribe_ok') drops = 0;
      },
      onClose: () => {
        connection = null;
        if (stopped) return;
        const pause = HEALTH_RECONNECT_MS[Math.min(drops, HEALTH_RECONNECT_MS.length - 1)] ?? 60_000;
        drops += 1;
        retry = timers.setTimeout(() => {
          retry = null;
          if (!stopped) open();
        }, pause);
      },
    });
  }

  open();
  return () => {
    stopped = true;
    if (retry !== null) timers.clearTimeout(retry);
    connection?.close();
    connection = null;
  };
}
