// Outside any flag root the app reads the SPEC §6 fallback values without the OpenFeature SDK (so the
// SDK can load after the first JavaScript); it must answer exactly as the SDK path does.
import { describe, expect, it } from 'vitest';
import { FALLBACK_FLAGS } from '../../adapters/flags/fallbackFlags';
import { booleanVariation, objectVariation } from '../../adapters/flags/flagValues';
import { fallbackFlagReader } from '../../src/app/flags/flagReader';
import { staticFlagReader } from '../../src/app/flags/staticFlagReader';

describe('flag variations', () => {
  it('reads booleans and the words flag files use for them, case-insensitively', () => {
    expect([true, false, 'on', 'OFF', 'True', 'false'].map(booleanVariation)).toEqual([true, false, true, false, true, false]);
  });

  it('is not a boolean for other words, numbers, objects or a missing flag', () => {
    expect(['yes', '', 1, { on: true }, undefined].map(booleanVariation)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('reads objects and lists as object variations, nothing else', () => {
    expect(objectVariation({ showMap: false })).toEqual({ showMap: false });
    expect(objectVariation(['a'])).toEqual(['a']);
    expect(['on', true, 3, undefined].map(objectVariation)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('the fallback reader', () => {
  const throughOpenFeature = staticFlagReader(FALLBACK_FLAGS);
  const names = [...Object.keys(FALLBACK_FLAGS), 'NotAFlag', 'TrackingPageSettings'];

  it.each(names)('%s: the same answer as the OpenFeature client over the fallback values', (name) => {
    expect(fallbackFlagReader.isOn(name)).toBe(throughOpenFeature.isOn(name));
    expect(fallbackFlagReader.object(name)).toEqual(throughOpenFeature.object(name));
  });

  it('has Helpcenter on and maintenance off (SPEC §6)', () => {
    expect(fallbackFlagReader.isOn('Helpcenter')).toBe(true);
    expect(fallbackFlagReader.isOn('PlannedMaintenance')).toBe(false);
  });
});
