// A WebSocket of GET /ws that asked for webhook-health notices (subscribeToWebhookHealth), on any
// server process, and the notices it heard (tests/server/webhook-health-live.test.ts and the
// two-process cluster-webhook-health.test.ts).
import { expect, vi } from 'vitest';
import WebSocket from 'ws';

export type LiveMessage = { type: string; vendor_id?: string; endpoint_id?: string; failing?: boolean; message?: string };
export interface HealthSocket { socket: WebSocket; messages: LiveMessage[] }

/** Resolves once the server has answered the request (subscribe_ok per vendor, or an error). */
export function listeningToWebhookHealth(wsUrl: string, auth: string): Promise<HealthSocket> {
  const socket = new WebSocket(`${wsUrl}?Authorization=${encodeURIComponent(auth)}`);
  const messages: LiveMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveMessage));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ action: 'subscribeToWebhookHealth' }));
      vi.waitFor(() => expect(messages.length).toBeGreaterThan(0)).then(() => resolve({ socket, messages }), reject);
    });
  });
}

export const healthNotices = (live: HealthSocket) => live.messages.filter((message) => message.type === 'webhook_health');
