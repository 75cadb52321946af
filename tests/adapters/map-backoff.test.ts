import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAP_LOAD_MAX_ATTEMPTS,
  MAP_LOAD_MAX_DELAY_MS,
  loadWithBackoff,
  mapLoadRetryDelayMs,
} from '../../adapters/map/backoff';

/** A sleep that only records how long it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('map library load backoff (SPEC §7: exponential backoff up to 30 s)', () => {
  it.each([
    [0, 500],
    [1, 1_000],
    [2, 2_000],
    [5, 16_000],
    [6, 30_000],
    [20, 30_000],
  ])('waits %i -> %i ms', (retry, expected) => {
    expect(mapLoadRetryDelayMs(retry)).toBe(expected);
  });

  it('never waits longer than 30 s and never less than the wait before', () => {
    fc.assert(
      fc.property(fc.nat(1_000), (retry) => {
        const delay = mapLoadRetryDelayMs(retry);
        expect(delay).toBeLessThanOrEqual(MAP_LOAD_MAX_DELAY_MS);
        if (retry > 0) expect(delay).toBeGreaterThanOrEqual(mapLoadRetryDelayMs(retry - 1));
      }),
    );
  });

  it('returns the first success, waiting the schedule between failures', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const loaded = await loadWithBackoff(async () => {
      calls += 1;
      if (calls < 3) throw new Error('chunk failed');
      return 'library';
    }, sleep);
    expect(loaded).toBe('library');
    expect(calls).toBe(3);
    expect(waits).toEqual([500, 1_000]);
  });

  it('does not wait before the first attempt', async () => {
    const { waits, sleep } = recordingSleep();
    await loadWithBackoff(async () => 'library', sleep);
    expect(waits).toEqual([]);
  });

  it('gives up after the last attempt with the last error', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const failing = loadWithBackoff(async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    }, sleep);
    await expect(failing).rejects.toThrow(`failure ${MAP_LOAD_MAX_ATTEMPTS}`);
    expect(calls).toBe(MAP_LOAD_MAX_ATTEMPTS);
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
  });
});
