// The real server as a child process (this run's bundle of server/main.ts, as `npm start` runs it:
// tests/server/runBundle.ts), so a test can SIGKILL it mid-work and start it again on the same
// DATA_DIR, as a crashed production process would be restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { untilServerReady } from '../server/processReady';
import { runBundleArgs } from '../server/runBundle';

export interface ChildServer {
  baseUrl: string;
  api: string;
  wsUrl: string;
  process: ChildProcess;
  /** What the process wrote to stderr (shown when a start fails). */
  stderr(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startChild(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildServer> {
  // node itself on the bundle (no wrapper CLI whose SIGKILL would leave the server running in a grandchild).
  const child = spawn(process.execPath, await runBundleArgs(), {
    cwd: process.cwd(),
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'silent',
      DIST_DIR: join(dataDir, 'no-dist'), COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600', DATABASE_URL: '', ...env,
    },
    // stdout: the line saying it listens (and the demo logins, dropped).
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.stdout?.resume();
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilServerReady(child, baseUrl, 60_000, () => stderr);
  return {
    baseUrl, api: `${baseUrl}/orders/api/v1`, wsUrl: `ws://127.0.0.1:${port}/ws`, process: child, stderr: () => stderr,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function loginTo(server: Pick<ChildServer, 'api'>, email: string): Promise<string> {
  const response = await fetch(`${server.api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: email, password: DEMO_PASSWORD }) });
  if (!response.ok) throw new Error(`login ${response.status}`);
  const { result } = (await response.json()) as { result: { AccessToken: string; IdToken: string } };
  return `Bearer ${result.AccessToken}|${result.IdToken}`;
}

/**
 * One JSON call, as a well-behaved client makes it: a 429 is waited out for its Retry-After (the
 * server's per-caller budget) and sent again; anything else is answered as it is.
 */
export async function callJson(server: Pick<ChildServer, 'api'>, method: string, path: string, auth: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const response = await fetch(`${server.api}${path}`, {
      method, headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status === 429) {
      await delay(Number(response.headers.get('retry-after') ?? '1') * 1000);
      continue;
    }
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: response.status, body: parsed };
  }
}
