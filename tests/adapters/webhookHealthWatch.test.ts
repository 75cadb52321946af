// The failing-webhooks banner's live signal (adapters/websocket/webhookHealthWatch.ts): it asks for
// webhook-health notices on open, reports each notice, opens a dropped socket again after a growing
// pause and reports the first answer after that (a notice may have gone by meanwhile); stopped, it
// closes its socket and opens none again. Timers are the test's.
import { describe, expect, it } from 'vitest';
import type { LiveConnection, LiveSocket, LiveSocketHandlers } from '../../adapters/ports';
import { HEALTH_RECONNECT_MS, watchWebhookHealth, type HealthWatchTimers } from '../../adapters/websocket/webhookHealthWatch';

function fakeSocket() {
  const opened: { handlers: LiveSocketHandlers; sent: unknown[]; closed: boolean }[] = [];
  const live: LiveSocket = {
    open(handlers): LiveConnection {
      const entry = { handlers, sent: [] as unknown[], closed: false };
      opened.push(entry);
      return { send: (message) => entry.sent.push(message), close: () => { entry.closed = true; } };
    },
  };
  return { live, opened, last: () => opened.at(-1) };
}

function fakeTimers() {
  const pending: { run: () => void; ms: number; cleared: boolean }[] = [];
  const timers: HealthWatchTimers = {
    setTimeout: (run, ms) => { const entry = { run, ms, cleared: false }; pending.push(entry); return entry; },
    clearTimeout: (handle) => { (handle as { cleared: boolean }).cleared = true; },
  };
  return { timers, pending, fire: () => { const next = pending.shift(); if (next && !next.cleared) next.run(); return next?.ms; } };
}

const notice = { type: 'webhook_health', vendor_id: 'v-1', endpoint_id: 'we-1', failing: true } as const;

describe('watchWebhookHealth', () => {
  it('asks for notices once open and reports each one, not the acknowledgement', () => {
    const socket = fakeSocket();
    let changes = 0;
    watchWebhookHealth(socket.live, () => { changes += 1; }, fakeTimers().timers);
    socket.last()?.handlers.onOpen?.();
    expect(socket.last()?.sent).toEqual([{ action: 'subscribeToWebhookHealth' }]);
    socket.last()?.handlers.onMessage({ type: 'subscribe_ok', vendor_id: 'v-1' });
    expect(changes).toBe(0);
    socket.last()?.handlers.onMessage(notice);
    socket.last()?.handlers.onMessage({ ...notice, failing: false });
    expect(changes).toBe(2);
  });

  it('opens a dropped socket again after growing pauses, and counts its first answer as a change', () => {
    const socket = fakeSocket();
    const clock = fakeTimers();
    let changes = 0;
    watchWebhookHealth(socket.live, () => { changes += 1; }, clock.timers);
    socket.last()?.handlers.onClose?.({ code: 1006, reason: '', wasClean: false });
    expect(clock.fire()).toBe(HEALTH_RECONNECT_MS[0]);
    socket.last()?.handlers.onClose?.({ code: 1006, reason: '', wasClean: false });
    expect(clock.fire()).toBe(HEALTH_RECONNECT_MS[1]);
    expect(socket.opened).toHaveLength(3);
    socket.last()?.handlers.onOpen?.();
    socket.last()?.handlers.onMessage({ type: 'subscribe_ok', vendor_id: 'v-1' });
    expect(changes).toBe(1);
    // Answered again: the next drop starts from the shortest pause.
    socket.last()?.handlers.onClose?.({ code: 1012, reason: 'service restart', wasClean: true });
    expect(clock.fire()).toBe(HEALTH_RECONNECT_MS[0]);
  });

  it('closes its socket when stopped and opens none again', () => {
    const socket = fakeSocket();
    const clock = fakeTimers();
    const stop = watchWebhookHealth(socket.live, () => undefined, clock.timers);
    socket.last()?.handlers.onClose?.({ code: 1006, reason: '', wasClean: false });
    stop();
    clock.fire();
    expect(socket.opened).toHaveLength(1);
    const again = fakeSocket();
    const stopAgain = watchWebhookHealth(again.live, () => undefined, clock.timers);
    stopAgain();
    expect(again.last()?.closed).toBe(true);
  });
});
