// The LiveSocket port in memory: it opens at once and confirms each vendor subscription, as the
// server's /ws does, then pushes the story's order updates for that vendor.
import type { LiveConnection, LiveSocket, LiveSocketHandlers } from '../../adapters/ports';
import { GUEST_VENDOR_ID, type Order } from '../../domain/types';

export function createMemoryLiveSocket(updates: readonly Order[] = []): LiveSocket {
  const open = new Set<LiveSocketHandlers>();
  return {
    open(handlers): LiveConnection {
      open.add(handlers);
      queueMicrotask(() => handlers.onOpen?.());
      return {
        send: (message) =>
          queueMicrotask(() => {
            if (!open.has(handlers)) return;
            // The stories' banner reads its endpoints from the world; no health notices here.
            if (message.action === 'subscribeToWebhookHealth') return;
            const vendorId = message.action === 'subscribeToGuest' ? GUEST_VENDOR_ID : message.vendor_id;
            handlers.onMessage({ type: 'subscribe_ok', vendor_id: vendorId });
            for (const order of updates) if (order.vendor_id === vendorId) handlers.onMessage({ type: 'order_update', order });
          }),
        close: () => {
          if (!open.delete(handlers)) return;
          handlers.onClose?.({ code: 1000, reason: 'closed', wasClean: true });
        },
      };
    },
  };
}
