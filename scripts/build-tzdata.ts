// Builds domain/tzdata.generated.json: @js-joda/timezone's packed tz data filtered to the zones the
// countries use (plus UTC), so the browser does not ship the whole tz database.
// Run: npx tsx scripts/build-tzdata.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZoneRulesProvider } from '@js-joda/core';
import '@js-joda/timezone';
import { COUNTRY_TIME_ZONES } from '../domain/countries';
import type { PackedTzdb } from '../domain/timeZoneData';

const full = (ZoneRulesProvider as unknown as { getTzdbData(): PackedTzdb }).getTzdbData();
const wanted = new Set([...COUNTRY_TIME_ZONES, 'UTC', 'Etc/UTC']);

// A wanted name may be a link ("Target|Alias"): keep the link and its target zone.
const links = full.links.filter((link) => wanted.has(link.split('|')[1] ?? ''));
const zoneNames = new Set([...wanted, ...links.map((link) => link.split('|')[0] ?? '')]);
const zones = full.zones.filter((zone) => zoneNames.has(zone.split('|')[0] ?? ''));

const found = new Set([...zones.map((zone) => zone.split('|')[0]), ...links.map((link) => link.split('|')[1])]);
const missing = [...wanted].filter((name) => !found.has(name));
if (missing.length > 0) throw new Error(`Zones missing from the tz data: ${missing.join(', ')}`);

const out: PackedTzdb = { version: full.version, zones, links };
const target = fileURLToPath(new URL('../domain/tzdata.generated.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
console.log(`Wrote ${zones.length} zones and ${links.length} links (tzdb ${full.version}) to ${target}`);
