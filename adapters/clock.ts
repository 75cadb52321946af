// The real clock. Rules take time as a parameter (DESIGN.md); this is where it comes from.
import type { Clock } from './ports';

export const systemClock: Clock = {
  nowUnix: () => Math.floor(Date.now() / 1000),
};

/** A clock tests move by hand. */
export function createFixedClock(startUnix: number): Clock & { advance(seconds: number): void; set(unix: number): void } {
  let now = startUnix;
  return {
    nowUnix: () => now,
    advance: (seconds) => {
      now += seconds;
    },
    set: (unix) => {
      now = unix;
    },
  };
}
