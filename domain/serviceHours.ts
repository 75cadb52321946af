// Vendor service hours (SPEC.md §4 "Other", §5): "HHMM:HHMM", compared in the country's zone.
import type { UnixSeconds } from './types';
import { minuteOfDay } from './zonedTime';

/** A setting the caller can tell apart from other failures (catch and check `code`). */
export class ServiceHoursError extends Error {
  readonly code = 'service-hours.invalid-setting';
  constructor(readonly setting: string) {
    super(`Invalid service hours setting: "${setting}" (expected HHMM:HHMM, each at most 2359)`);
    this.name = 'ServiceHoursError';
  }
}

export interface ServiceHours {
  /** Minutes after local midnight, 0..1439. */
  startMinute: number;
  endMinute: number;
}

const SETTING = /^(\d{2})(\d{2}):(\d{2})(\d{2})$/;

function toMinute(hours: string, minutes: string, setting: string): number {
  const h = Number(hours);
  const m = Number(minutes);
  // "Each at most 2359": a time of day, so minutes above 59 are as invalid as 2400.
  if (h > 23 || m > 59) throw new ServiceHoursError(setting);
  return h * 60 + m;
}

/** Parses "0900:1700"; throws ServiceHoursError for anything else. */
export function parseServiceHours(setting: string): ServiceHours {
  const match = SETTING.exec(setting.trim());
  if (!match) throw new ServiceHoursError(setting);
  const [, startH = '', startM = '', endH = '', endM = ''] = match;
  return { startMinute: toMinute(startH, startM, setting), endMinute: toMinute(endH, endM, setting) };
}

/**
 * Open at the start minute, closed from the end minute on. Equal start and end means open all day;
 * a start after the end wraps over midnight (e.g. 2200:0200).
 */
export function isOpenAtMinute({ startMinute, endMinute }: ServiceHours, minute: number): boolean {
  if (startMinute === endMinute) return true;
  if (startMinute < endMinute) return minute >= startMinute && minute < endMinute;
  return minute >= startMinute || minute < endMinute;
}

/** Throws ServiceHoursError for an invalid setting. */
export function isWithinServiceHours(setting: string, nowUnix: UnixSeconds, timeZone: string): boolean {
  return isOpenAtMinute(parseServiceHours(setting), minuteOfDay(nowUnix, timeZone));
}

/** "HH:MM" for the 'Service hours: {from} to {to}' toast. */
export function formatServiceMinute(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}
