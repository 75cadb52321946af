// The server's one clock. Every rule that depends on "now" (token and fee expiry, pre-order
// dispatch, cancellation windows, "today") reads it here, so tests move time instead of sleeping:
// CLOCK_OFFSET_S starts the server that many seconds off the system clock, and POST /ops/clock
// moves it while it runs. The offset is per process; production leaves it at 0.
export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number;
  /** Whole unix seconds. */
  nowS(): number;
}

export interface AdjustableClock extends Clock {
  offsetS(): number;
  setOffsetS(offsetS: number): void;
}

export function createClock(offsetS = 0, systemMs: () => number = Date.now): AdjustableClock {
  let offsetMs = offsetS * 1000;
  const nowMs = () => systemMs() + offsetMs;
  return {
    nowMs,
    nowS: () => Math.floor(nowMs() / 1000),
    offsetS: () => offsetMs / 1000,
    setOffsetS: (seconds) => {
      offsetMs = seconds * 1000;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server clock (server/clock/clock.ts). */
    clock: AdjustableClock;
  }
}
