import { describe, expect, it } from 'vitest';
import { staticFlagReader } from '../../src/app/flags/staticFlagReader';
import { DEFAULT_TRACKING_PAGE_SETTINGS, trackingPageSettings } from '../../src/app/flags/trackingPageSettings';

describe('TrackingPageSettings (SPEC.md §6) as the public tracking page reads it through OpenFeature', () => {
  it.each([
    ['missing', {}, DEFAULT_TRACKING_PAGE_SETTINGS],
    ['both set', { TrackingPageSettings: { showRiderPhone: false, showMap: false } }, { showRiderPhone: false, showMap: false }],
    ['one field set', { TrackingPageSettings: { showMap: false } }, { showRiderPhone: DEFAULT_TRACKING_PAGE_SETTINGS.showRiderPhone, showMap: false }],
    ['a mistyped field', { TrackingPageSettings: { showMap: 'no', showRiderPhone: false } }, { showRiderPhone: false, showMap: true }],
    ['a scalar instead of an object', { TrackingPageSettings: true }, DEFAULT_TRACKING_PAGE_SETTINGS],
    ['a list instead of an object', { TrackingPageSettings: [false, false] }, DEFAULT_TRACKING_PAGE_SETTINGS],
  ])('%s', (_, flags, expected) => {
    expect(trackingPageSettings(staticFlagReader(flags))).toEqual(expected);
  });
});
