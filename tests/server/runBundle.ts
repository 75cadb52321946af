// The server bundle of this test run, for the tests that start the real server as a child process
// (tests/faults/childServer.ts, cluster-process.ts): plain `node` on a bundle built once per run
// (scripts/build-server.mjs, about 0.7 s of CPU) instead of tsx transforming the TypeScript server at
// every start (5-8 s of CPU each). The global setup (runBundleDir.ts) gives each run an empty
// directory of its own; the first file that needs the bundle builds it there and the others wait for
// it, so a run never starts a bundle of older source and a run without child servers builds nothing.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { inject, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's empty directory for the server bundle (tests/server/runBundleDir.ts). */
    serverBundleDir: string;
  }
}

const BUILD_TIMEOUT_MS = 120_000;

/** This run's bundle directory (main.mjs and cli.mjs). */
let bundle: Promise<string> | undefined;

/** node's arguments to run this run's server bundle (built on first use; once per worker process). */
export async function runBundleArgs(): Promise<string[]> {
  bundle ??= buildOnce();
  // No --enable-source-maps: parsing the 1.6 MB map costs every start CPU; the bundle's own lines read well enough.
  return [join(await bundle, 'main.mjs')];
}

/** node's arguments to run the operator CLI (server/cli/index.ts) of this run's bundle. */
export async function cliBundleArgs(): Promise<string[]> {
  bundle ??= buildOnce();
  return [join(await bundle, 'cli.mjs')];
}

/** The bundled tests/server/payments-process.ts of this run (a module to fork, plain node). */
export async function paymentsProcessBundle(): Promise<string> {
  bundle ??= buildOnce();
  return join(await bundle, PAYMENTS_PROCESS);
}

const PAYMENTS_PROCESS = 'payments-process.mjs';

/** payments-cluster.test.ts' child (a test helper, so not in the production bundle), bundled beside it. */
async function buildPaymentsProcess(bundleDir: string): Promise<void> {
  await build({
    entryPoints: ['tests/server/payments-process.ts'],
    outfile: join(bundleDir, PAYMENTS_PROCESS),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

async function buildOnce(): Promise<string> {
  const dir = inject('serverBundleDir');
  if (!dir) throw new Error('no serverBundleDir: run through a Vitest project whose globalSetup has tests/server/runBundleDir.ts');
  const bundleDir = join(dir, 'bundle');
  const done = join(dir, 'done');
  const failed = join(dir, 'failed');
  let builder = true;
  try {
    // mkdir is atomic: one file of the run wins and builds.
    mkdirSync(join(dir, 'lock'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    builder = false;
  }
  if (!builder) {
    await vi.waitFor(() => {
      if (existsSync(failed)) throw new Error(`the run's server bundle failed to build:\n${readFileSync(failed, 'utf8')}`);
      if (!existsSync(done)) throw new Error(`the run's server bundle is not built yet (${dir})`);
    }, { timeout: BUILD_TIMEOUT_MS, interval: 50 });
    return bundleDir;
  }
  try {
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', bundleDir], { cwd: process.cwd(), timeout: BUILD_TIMEOUT_MS });
    await buildPaymentsProcess(bundleDir);
  } catch (error) {
    writeFileSync(failed, String((error as { stderr?: string }).stderr || error));
    throw error;
  }
  writeFileSync(done, '');
  return bundleDir;
}
