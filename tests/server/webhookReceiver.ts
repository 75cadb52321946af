// A webhook receiver for tests: a real HTTP server on loopback that records every request (raw
// body and headers) and answers as told: 200, a failure status, or never (a hanging endpoint).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook { headers: IncomingHttpHeaders; body: string; status: number | null }
export type ReceiverMode = { answer: number; body?: string } | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Parsed bodies of what was answered 2xx. */
  accepted(): { id: string; type: string; created_at: number; order: { order_id: string; status: string } | null }[];
  setMode(mode: ReceiverMode): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  let mode: ReceiverMode = { answer: 200, body: 'ok' };
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const current = mode;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status: current === 'hang' ? null : current.answer });
      if (current === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(current.answer, { 'content-type': 'text/plain' }).end(current.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    accepted: () => received.filter((r) => r.status !== null && r.status >= 200 && r.status < 300).map((r) => JSON.parse(r.body) as ReturnType<WebhookReceiver['accepted']>[number]),
    setMode: (next) => { mode = next; },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
