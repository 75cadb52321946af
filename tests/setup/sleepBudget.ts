// How long a test file may sleep on fixed timers (counted by tests/setup/fixedSleeps.ts). A file whose
// subject is timing itself (a fault injected a few milliseconds after a request left) raises its own
// budget, with the reason, at its top: allowFixedSleeps(1_000, 'the cut timing is the fault injected').
export const DEFAULT_FIXED_SLEEP_BUDGET_MS = 500;

interface SleepBudget {
  ms: number;
  reason: string;
}

// On globalThis: the setup file and the test file may each load their own copy of this module.
const KEY = Symbol.for('courier-portal.tests.fixedSleepBudget');
const holder = globalThis as unknown as { [KEY]?: SleepBudget };

export function sleepBudget(): SleepBudget {
  holder[KEY] ??= { ms: DEFAULT_FIXED_SLEEP_BUDGET_MS, reason: '' };
  return holder[KEY];
}

/** Called by the setup file before each test file. */
export function resetSleepBudget(): void {
  holder[KEY] = { ms: DEFAULT_FIXED_SLEEP_BUDGET_MS, reason: '' };
}

export function allowFixedSleeps(ms: number, reason: string): void {
  holder[KEY] = { ms, reason };
}
