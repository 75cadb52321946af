import type { Clock } from '../../adapters/ports';

/** Every story runs at one fixed instant (Wed 18 Nov 2026, 15:06 in Riyadh's configured zone
 * Asia/Dubai) so lists, ETAs and service hours look the same on every screenshot. */
export const STORY_NOW = 1_795_000_000;

export const storyClock: Clock = { nowUnix: () => STORY_NOW };

/** `minutes` before the story's instant, in unix seconds. */
export const minutesAgo = (minutes: number): number => STORY_NOW - minutes * 60;
