// Reading and checking a sheet is a long chain of promises that never returns to the event loop by
// itself (exceljs hands rows over through microtasks), so a 10 000-row upload would hold every other
// request back until it ends. The reader calls `yieldIfDue` after each row: once a slice of
// SLICE_MS has passed, it waits one turn of the event loop (setImmediate), letting other requests
// and timers in. The cost is a few microseconds per slice.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest stretch of upload work between two turns of the event loop. */
export const SLICE_MS = 20;

export function createTimeSlicer(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async function yieldIfDue() {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
