// A server child process is ready when it says so: server/main.ts prints "Courier portal listening on …"
// once it listens (migrations and seed done). The tests wait for that line instead of asking /readyz
// every 100-200 ms, then ask /readyz until it answers (the database and pub/sub behind it).
import type { ChildProcess } from 'node:child_process';
import { vi } from 'vitest';

const LISTENING = /listening on /;

export async function untilServerReady(child: ChildProcess, baseUrl: string, timeoutMs: number, output: () => string): Promise<void> {
  const { stdout } = child;
  if (!stdout) throw new Error('the server process needs stdout piped to say it listens');
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (LISTENING.test(seen)) finish();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => finish(new Error(`server exited (${code ?? signal}) during start-up:\n${output()}`));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new Error(`server did not listen within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    stdout.on('data', onData);
    child.once('exit', onExit);
  });
  await vi.waitFor(async () => {
    if (!(await fetch(`${baseUrl}/readyz`)).ok) throw new Error(`not ready:\n${output()}`);
  }, { timeout: timeoutMs, interval: 20 });
}
