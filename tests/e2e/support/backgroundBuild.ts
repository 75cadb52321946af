// A build the end-to-end tests need (the app's dist/, Storybook's storybook-static/), run in the
// background by the e2e global setup while the unit files run; the e2e files that need it wait for it.
// The build writes to .tmp/<name>-next, which replaces its output folder only once complete: a test that
// reads the folder meanwhile sees the previous build or the new one, never half of one. The outcome is
// written to a file (Vitest's provide/inject passes its path to the test files, which run in workers).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The build's outcome, once known: `ok`, or `failed: <why>`; the file is absent while it runs. */
export type BuildOutcome = 'ok' | `failed: ${string}`;

export interface BuildCommand {
  /** Names the scratch folder and the messages: `app`, `storybook`. */
  name: string;
  /** The output folder the tests read, relative to the repository (`dist`). */
  outDir: string;
  /** The Node script to run (a tool's own bin file: one process group, which stop() can end). */
  script: string;
  /** Its arguments, given the scratch folder to write to. */
  args(scratchDir: string): string[];
  env?: NodeJS.ProcessEnv;
}

export interface BackgroundBuild {
  /** The file the outcome is written to. */
  statusFile: string;
  /** Settles when the build has finished, whatever its outcome (or was stopped before it started). */
  finished: Promise<void>;
  /** Stops a build still running or waiting (the run ended or was cancelled) and removes the outcome file. */
  stop(): void;
}

/**
 * Starts `command` in the background; with `after`, only once that build has finished, so two builds
 * never compete with each other besides the unit files (a build keeps about one core busy).
 */
export function startBackgroundBuild(root: string, command: BuildCommand, after?: BackgroundBuild): BackgroundBuild {
  const statusFile = join(mkdtempSync(join(tmpdir(), `${command.name}-build-`)), 'outcome');
  const scratch = join(root, '.tmp', `${command.name}-next`);
  const output = join(root, command.outDir);
  let child: ChildProcess | undefined;
  let stopped = false;
  let markFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => { markFinished = resolve; });

  // Written whole, then renamed: a reader never sees the file empty.
  const finish = (outcome: BuildOutcome) => {
    if (!stopped) {
      writeFileSync(`${statusFile}.part`, outcome);
      renameSync(`${statusFile}.part`, statusFile);
    }
    markFinished();
  };

  const run = () => {
    if (stopped) return markFinished();
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(dirname(scratch), { recursive: true });
    child = spawn(process.execPath, [command.script, ...command.args(scratch)], {
      cwd: root,
      env: { ...process.env, ...command.env },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true, // its own process group, so stop() also ends any process the tool starts
    });
    child.once('error', (error) => finish(`failed: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (code !== 0) return finish(`failed: ${command.name} build ended with ${signal ?? `exit code ${code}`}`);
      try {
        // Two renames: the output is missing only between them, not for the time a removal takes.
        const old = join(root, '.tmp', `${command.name}-old-${process.pid}`);
        if (existsSync(output)) renameSync(output, old);
        renameSync(scratch, output);
        rmSync(old, { recursive: true, force: true });
        finish('ok');
      } catch (error) {
        finish(`failed: ${(error as Error).message}`);
      }
    });
  };

  if (after) void after.finished.then(run);
  else run();

  return {
    statusFile,
    finished,
    stop() {
      stopped = true;
      if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      rmSync(dirname(statusFile), { recursive: true, force: true });
    },
  };
}

function outcomeIn(statusFile: string): BuildOutcome | null {
  return existsSync(statusFile) ? (readFileSync(statusFile, 'utf8') as BuildOutcome) : null;
}

/** Resolves once the build named by `statusFile` succeeded; rejects with its reason when it failed. */
export async function built(statusFile: string, what: string): Promise<void> {
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
  if (outcome !== 'ok') throw new Error(`${what} ${outcome}`);
}
