// Registers only the time zones the supported countries use (domain/tzdata.generated.json, built by
// scripts/build-tzdata.ts) with js-joda, instead of the full tz database. Import for its effect;
// every domain file that resolves a zone imports zoneId from here.
import { ZoneId, ZoneRulesProvider } from '@js-joda/core';
// The "empty" build installs the tz rules provider without any data.
import '@js-joda/timezone/dist/js-joda-timezone-empty.esm.js';
import tzdata from './tzdata.generated.json';
import type { PackedTzdb } from './timeZoneData';

const provider = ZoneRulesProvider as unknown as {
  loadTzdbData(data: PackedTzdb): void;
  getAvailableZoneIds(): string[];
};

const REGISTERED = new Set(provider.getAvailableZoneIds());
if (!REGISTERED.has('Asia/Dubai')) provider.loadTzdbData(tzdata as PackedTzdb);

/** The zone ids available to the domain. */
export function availableZoneIds(): string[] {
  return [...new Set(provider.getAvailableZoneIds())];
}

/** The js-joda zone for an IANA name; throws (js-joda's DateTimeException) for an unregistered zone. */
export function zoneId(timeZone: string): ZoneId {
  return ZoneId.of(timeZone);
}
