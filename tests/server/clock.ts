// Moves a test server's clock (server/clock/clock.ts) instead of sleeping until time has passed.
import type { TestServer } from './harness';

/** Moves the server clock `seconds` further on; everything that reads "now" sees it at once. */
export function advanceClock(server: TestServer, seconds: number): void {
  server.app.clock.setOffsetS(server.app.clock.offsetS() + seconds);
}
