import { describe, expect, it } from 'vitest';
import { COUNTRIES, availableZoneIds, zoneId } from '../../domain';

describe('registered time zones (only the zones the countries use)', () => {
  it.each(Object.values(COUNTRIES).map((c) => [c.code, c.timeZone]))('%s uses an available zone (%s)', (_code, zone) => {
    expect(zoneId(zone).id()).toBe(zone);
    expect(availableZoneIds()).toContain(zone);
  });

  it('registers UTC', () => expect(availableZoneIds()).toContain('UTC'));

  it.each(['America/New_York', 'Australia/Sydney', 'Asia/Kolkata'])('does not ship %s', (zone) => {
    expect(availableZoneIds()).not.toContain(zone);
    expect(() => zoneId(zone)).toThrow(/Unknown time-zone ID/);
  });

  it('keeps the registry small (the full tz database has about 600 names)', () => {
    expect(availableZoneIds().length).toBeLessThan(80);
  });
});
