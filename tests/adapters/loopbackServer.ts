// A small real HTTP server on loopback for adapter tests: scripted answers, recorded requests.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer =
  | { status: number; json?: unknown; headers?: Record<string, string>; body?: string | Buffer }
  /** Destroys the connection without an answer: a network error for the client. */
  | 'drop';

export type Responder = (request: RecordedRequest) => Answer;

export interface LoopbackServer {
  origin: string;
  requests: RecordedRequest[];
  /** Answers in order; the last one repeats. */
  answer(...answers: Answer[]): void;
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startLoopbackServer(): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 404, json: { status: 404, message: 'not-found', errors: [] } });
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://loopback'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      if (recorded.method === 'OPTIONS') return send(res, { status: 204 });
      const answer = responder(recorded);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      send(res, answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer(...answers) {
      let index = 0;
      responder = () => answers[Math.min(index++, answers.length - 1)] as Answer;
    },
    respond(next) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, answer: Exclude<Answer, 'drop'>): void {
  // Permissive CORS so jsdom's XMLHttpRequest (origin http://localhost) may call us.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, Idempotency-Key');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After, Content-Disposition');
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.statusCode = answer.status;
  if (answer.json !== undefined) {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(answer.json));
  } else {
    res.end(answer.body ?? '');
  }
}
