// Pre-order (Later) delivery times (SPEC.md §2, §9): in the future, at most 2 days ahead.
import { LIMITS } from './limits';
import type { UnixSeconds } from './types';

export function isPreorderTimeAllowed(preorderedFor: UnixSeconds, nowUnix: UnixSeconds): boolean {
  return preorderedFor > nowUnix && preorderedFor - nowUnix <= LIMITS.preorderMaxAheadS;
}
