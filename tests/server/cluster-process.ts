// One more server process for the scale-out tests: the real `server/main.ts` (this run's bundle of it,
// runBundle.ts) in a child process on its own port, sharing a PostgreSQL database (and the signing
// secrets) with the test's in-process server. Unlike the harness's server it can be killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilServerReady } from './processReady';
import { freePort } from './freePort';
import { runBundleArgs } from './runBundle';

export interface ServerProcess {
  baseUrl: string;
  api: string;
  wsUrl: string;
  child: ChildProcess;
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 60_000;

/** The server as `npm start` runs it, for bench/ (build it first with `node scripts/build-server.mjs`). */
export const BUNDLED_SERVER = ['--max-old-space-size=768', '.server-dist/main.mjs'];

/** Starts node with nodeArgs, by default on this run's server bundle. */
export async function startServerProcess(env: Record<string, string>, nodeArgs?: readonly string[]): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
  const child = spawn(process.execPath, [...(nodeArgs ?? await runBundleArgs())], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DIST_DIR: join(dataDir, 'no-dist'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  await untilServerReady(child, baseUrl, STARTUP_TIMEOUT_MS, () => output);

  return {
    baseUrl,
    api: `${baseUrl}/orders/api/v1`,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/ws`,
    child,
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
