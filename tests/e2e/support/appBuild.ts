// The app build the end-to-end tests drive (dist/). The e2e global setup starts it and returns at once,
// so the unit files run while it builds (a Vite build keeps one core busy, and every test of a whole
// run waited for it); each e2e file waits for it before its own hooks (tests/e2e/support/waitForAppBuild.ts).
// Vite writes to .tmp/dist-next, which replaces dist/ only once complete: a test that reads dist/
// meanwhile sees the previous build or the new one, never half of one; tests/security/csp.test.ts, a
// unit file that loads the real app when it is built, waits for this build too when the run has one.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The build's outcome, once known: `ok`, or `failed: <why>`; the file is absent while it runs. */
export type BuildOutcome = 'ok' | `failed: ${string}`;

export interface BackgroundBuild {
  /** The file the outcome is written to; the e2e files read it (Vitest's provide/inject passes the path). */
  statusFile: string;
  /** Stops a build still running (the run ended or was cancelled) and removes the outcome file. */
  stop(): void;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The outcome file of the app build this run started, or null when it reuses dist/ (E2E_SKIP_BUILD=1). */
    appBuildStatus: string | null;
  }
}

/** Starts `npx vite build` of the production app into dist/ (through a scratch folder) in the background. */
export function startAppBuild(root: string): BackgroundBuild {
  const statusFile = join(mkdtempSync(join(tmpdir(), 'app-build-')), 'outcome');
  const next = join(root, '.tmp', 'dist-next');
  const dist = join(root, 'dist');
  rmSync(next, { recursive: true, force: true });
  mkdirSync(dirname(next), { recursive: true });
  // Vitest sets NODE_ENV=test, which would make Vite build a development bundle (dev-only brand
  // switcher, React's development build): the tests drive what `npm start` serves.
  // Vite's own script under this Node (not npx): one process, which stop() can end.
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child: ChildProcess = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', next, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Written whole, then renamed: a reader never sees the file empty.
  const finish = (outcome: BuildOutcome) => {
    writeFileSync(`${statusFile}.part`, outcome);
    renameSync(`${statusFile}.part`, statusFile);
  };
  child.once('error', (error) => finish(`failed: ${error.message}`));
  child.once('exit', (code, signal) => {
    if (code !== 0) return finish(`failed: vite build ended with ${signal ?? `exit code ${code}`}`);
    try {
      // Two renames: dist/ is missing only between them, not for the time a removal takes.
      const old = join(root, '.tmp', `dist-old-${process.pid}`);
      if (existsSync(dist)) renameSync(dist, old);
      renameSync(next, dist);
      rmSync(old, { recursive: true, force: true });
      finish('ok');
    } catch (error) {
      finish(`failed: ${(error as Error).message}`);
    }
  });
  return {
    statusFile,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      rmSync(dirname(statusFile), { recursive: true, force: true });
    },
  };
}

function outcomeIn(statusFile: string): BuildOutcome | null {
  return existsSync(statusFile) ? (readFileSync(statusFile, 'utf8') as BuildOutcome) : null;
}

/** Resolves once the build named by `statusFile` succeeded; rejects with its reason when it failed. */
export async function appBuilt(statusFile: string): Promise<void> {
  const outcome = await new Promise<BuildOutcome>((resolve, reject) => {
    const settle = () => {
      const found = outcomeIn(statusFile);
      if (found === null) return;
      watcher.close();
      resolve(found);
    };
    const watcher = watch(dirname(statusFile), settle);
    watcher.once('error', reject);
    settle(); // it may have been written before the watch began
  });
  if (outcome !== 'ok') throw new Error(`the app build for the end-to-end tests ${outcome}`);
}
