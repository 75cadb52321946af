// LiveSocket against a real `ws` server: URL and auth, JSON in and out, and a dropped client.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { LiveServerMessage } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { STORAGE_KEYS } from '../../adapters/storage/storageKeys';
import { createApiLiveSocket, parseServerMessage } from '../../adapters/websocket/liveSocket';

// `ws` implements the browser WebSocket's event API, which is all the adapter uses.
const NodeWebSocket = WebSocket as unknown as new (url: string) => globalThis.WebSocket;

let wss: WebSocketServer;
let origin: string;
const connections: { socket: WebSocket; url: URL; received: unknown[] }[] = [];

beforeEach(async () => {
  connections.length = 0;
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on('connection', (socket, request) => {
    const connection = { socket, url: new URL(request.url ?? '/', origin), received: [] as unknown[] };
    connections.push(connection);
    socket.on('message', (data: Buffer) => connection.received.push(JSON.parse(data.toString('utf8'))));
  });
});

afterEach(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

describe('LiveSocket', () => {
  it('connects to /ws with the Authorization header value and subscribes', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.godroidToken]: 'gd token' });
    const messages: LiveServerMessage[] = [];
    let opened = false;
    const live = createApiLiveSocket(origin, storage, NodeWebSocket);
    const connection = live.open({ onOpen: () => (opened = true), onMessage: (message) => messages.push(message) });
    // Sent before the handshake: queued, then delivered on open.
    connection.send({ action: 'subscribeToVendor', vendor_id: 'SA-1' });

    await until(() => connections[0]?.received.length === 1);
    const server = connections[0]!;
    expect(server.url.pathname).toBe('/ws');
    expect(server.url.searchParams.get('Authorization')).toBe('GoDroid gd token');
    expect(server.received[0]).toEqual({ action: 'subscribeToVendor', vendor_id: 'SA-1' });
    expect(opened).toBe(true);

    server.socket.send(JSON.stringify({ type: 'subscribe_ok', vendor_id: 'SA-1' }));
    server.socket.send('not json');
    server.socket.send(JSON.stringify({ type: 'surprise' }));
    server.socket.send(JSON.stringify({ type: 'order_update', order: { order_id: 'SA-1-a', vendor_id: 'SA-1', status: 'NEW' } }));
    await until(() => messages.length === 2);
    expect(messages.map((message) => message.type)).toEqual(['subscribe_ok', 'order_update']);
    connection.close();
  });

  it('opens with the Authorization it is given (a refreshed token), and reports the close code of an ended session', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.godroidToken]: 'stored' });
    const closes: { code: number; reason: string }[] = [];
    const live = createApiLiveSocket(origin, storage, NodeWebSocket);
    live.open({ onMessage: () => undefined, onClose: ({ code, reason }) => closes.push({ code, reason }) }, 'Bearer access-2|id-2');
    await until(() => connections.length === 1);
    expect(connections[0]!.url.searchParams.get('Authorization')).toBe('Bearer access-2|id-2');
    connections[0]!.socket.close(4401, 'session.ended');
    await until(() => closes.length === 1);
    expect(closes).toEqual([{ code: 4401, reason: 'session.ended' }]);
  });

  it('reports a server that drops the client, once, as unclean', async () => {
    const closes: { code: number; wasClean: boolean }[] = [];
    const live = createApiLiveSocket(origin, createMemoryStorage(), NodeWebSocket);
    live.open({ onMessage: () => undefined, onClose: (info) => closes.push(info) });
    await until(() => connections.length === 1);
    expect(connections[0]?.url.searchParams.has('Authorization')).toBe(false);

    connections[0]!.socket.terminate();
    await until(() => closes.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closes).toHaveLength(1);
    expect(closes[0]?.wasClean).toBe(false);
  });

  it('closing from the client ends the connection without calling back', async () => {
    const closes: unknown[] = [];
    const messages: unknown[] = [];
    let opened = false;
    const live = createApiLiveSocket(origin, createMemoryStorage(), NodeWebSocket);
    const connection = live.open({ onOpen: () => (opened = true), onMessage: (message) => messages.push(message), onClose: (info) => closes.push(info) });
    // Open on both ends: a client closing while still connecting aborts (1006) instead of closing.
    await until(() => connections.length === 1 && opened);
    const serverClosed = new Promise<number>((resolve) => connections[0]!.socket.once('close', (code) => resolve(code)));
    connection.close();
    expect(await serverClosed).toBe(1000);
    expect(closes).toEqual([]);
    expect(messages).toEqual([]);
  });
});

describe('parseServerMessage', () => {
  it('accepts the three shapes of API.md and nothing else', () => {
    expect(parseServerMessage('{"type":"error","message":"forbidden"}')).toEqual({ type: 'error', message: 'forbidden' });
    expect(parseServerMessage('{"type":"subscribe_ok"}')).toBeNull();
    expect(parseServerMessage('{"type":"order_update","order":{"order_id":1}}')).toBeNull();
    expect(parseServerMessage('[]')).toBeNull();
  });
});
