import { describe, expect, it } from 'vitest';
import { ADDRESS_PICKER_ZOOM, MARKER_SIZE_PX, collectionPointZoom } from '../../adapters/map/mapDefaults';

describe('map constants (SPEC §9)', () => {
  it('address pickers zoom to 18 and markers are 65 px', () => {
    expect(ADDRESS_PICKER_ZOOM).toBe(18);
    expect(MARKER_SIZE_PX).toBe(65);
  });

  it.each([
    { hasOutlet: true, hasParentVendor: true, zoom: 17 },
    { hasOutlet: true, hasParentVendor: false, zoom: 17 },
    { hasOutlet: false, hasParentVendor: true, zoom: 12 },
    { hasOutlet: false, hasParentVendor: false, zoom: 2 },
  ])('collection point map: outlet $hasOutlet, parent $hasParentVendor -> zoom $zoom', ({ zoom, ...state }) => {
    expect(collectionPointZoom(state)).toBe(zoom);
  });
});
