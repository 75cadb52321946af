// Tests wait for events, not for the clock (issue 23: no test file sleeping more than 500 ms in all).
// This setup file counts the fixed sleeps a test file makes: every timer that a file under tests/
// starts itself (setTimeout, or setTimeout from node:timers/promises) and that runs out. Timers started
// by the code under test, by Vitest (vi.waitFor's polling) or by Testing Library are not counted, nor
// are timers cleared or aborted before they fire (a guard that lost its race). Sleeps side by side
// count once: the figure is the time during which at least one of them was running. Over the budget
// (sleepBudget.ts), the file fails with its sleeps listed by place.
// Vitest runs a setup file again before every test file, also in the projects whose files share one
// worker (`isolate: false`): the timers are patched once per worker, and each file gets a fresh log.
import { syncBuiltinESMExports } from 'node:module';
import timersPromises from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { resetSleepBudget, sleepBudget } from './sleepBudget';

const THIS_FILE = fileURLToPath(import.meta.url);

/** The sleeps of the file running now. */
interface SleepLog {
  bySite: Map<string, number>;
  /** [start, end] of every counted sleep, in performance.now() milliseconds. */
  sleeps: [number, number][];
}

// On globalThis: each run of this file is a new module instance, the patched timers outlive it.
const KEY = Symbol.for('courier-portal.tests.fixedSleepLog');
const holder = globalThis as unknown as { [KEY]?: SleepLog };
const log: SleepLog = { bySite: new Map(), sleeps: [] };
const patched = holder[KEY] !== undefined;
holder[KEY] = log;
resetSleepBudget();

/** `tests/…:line` of the code that started the timer, or null when it was not a test's own code. */
function testCallSite(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 4;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  // Line 0 is "Error", then this function, then the patched timer, then its caller.
  const caller = stack.split('\n').slice(1).find((line) => !line.includes(THIS_FILE));
  const match = caller && /\/(tests\/[^:)]+):(\d+)/.exec(caller);
  if (!match || caller.includes('/node_modules/')) return null;
  return `${match[1]}:${match[2]}`;
}

/**
 * Counts a sleep in the log of the file that started the timer (read when it starts): in a shared
 * worker, a timer a failed file left running must not fire into the next file's budget.
 */
function record(into: SleepLog | undefined, site: string, ms: unknown): void {
  if (!into) return;
  const slept = Math.max(0, Number(ms) || 0);
  into.bySite.set(site, (into.bySite.get(site) ?? 0) + slept);
  const end = performance.now();
  into.sleeps.push([end - slept, end]);
}

/** Milliseconds covered by at least one sleep. */
function timeAsleep(sleeps: readonly [number, number][]): number {
  let total = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const [start, end] of [...sleeps].sort((a, b) => a[0] - b[0])) {
    if (end > reached) total += end - Math.max(start, reached);
    reached = Math.max(reached, end);
  }
  return Math.round(total);
}

function patchTimers(): void {
  const originalSetTimeout = globalThis.setTimeout;
  const countingSetTimeout = function (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) {
    const site = typeof callback === 'function' ? testCallSite() : null;
    if (!site) return originalSetTimeout(callback, ms, ...args);
    const startedBy = holder[KEY];
    return originalSetTimeout((...callbackArgs: unknown[]) => {
      record(startedBy, site, ms);
      callback(...callbackArgs);
    }, ms, ...args);
  };
  // util.promisify(setTimeout) and the like keep working.
  Object.defineProperties(countingSetTimeout, Object.getOwnPropertyDescriptors(originalSetTimeout));
  globalThis.setTimeout = countingSetTimeout as typeof globalThis.setTimeout;

  const originalDelay = timersPromises.setTimeout;
  timersPromises.setTimeout = (async (ms?: number, value?: unknown, options?: Parameters<typeof originalDelay>[2]) => {
    const site = testCallSite();
    const startedBy = holder[KEY];
    const result = await originalDelay(ms, value, options);
    if (site) record(startedBy, site, ms);
    return result;
  }) as typeof originalDelay;
  // `import { setTimeout } from 'node:timers/promises'` sees the counting one.
  syncBuiltinESMExports();
}

// Patched again per file, each patch would wrap the last: every timer would pay one stack capture per
// file the worker had run, and count its sleep several times.
if (!patched) patchTimers();

afterAll(() => {
  const total = timeAsleep(log.sleeps);
  const budget = sleepBudget();
  if (total <= budget.ms) return;
  const sites = [...log.bySite].sort((a, b) => b[1] - a[1]).map(([site, ms]) => `  ${ms} ms in all at ${site}`);
  throw new Error(`This file slept ${total} ms on fixed timers (budget ${budget.ms} ms${budget.reason ? `: ${budget.reason}` : ''}); wait for an event instead:\n${sites.join('\n')}`);
});
