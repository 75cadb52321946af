// SPEC §9 map constants. They belong in domain LIMITS once it has them; the app imports them from here
// until then (adapters/ports.ts re-exports them).

/** Address pickers (request form, address book). */
export const ADDRESS_PICKER_ZOOM = 18;
/** Collection-point map: the parent vendor's area, the whole world, or the outlet itself. */
export const COLLECTION_POINT_ZOOM_WITH_PARENT = 12;
export const COLLECTION_POINT_ZOOM_WITHOUT_PARENT = 2;
export const COLLECTION_POINT_ZOOM_WITH_OUTLET = 17;
/** Marker size in CSS pixels, 65 x 65. */
export const MARKER_SIZE_PX = 65;
/** How wide both engines (maplibre-gl, mapbox-gl) draw the whole world at zoom 0, in CSS px: their
 * zoom z is one level above the 256 px tile convention of raster maps. */
export const WORLD_WIDTH_AT_ZOOM_0_PX = 512;

/** SPEC §9: 17 when an outlet is set, else 12 with a parent vendor, else 2. */
export function collectionPointZoom(state: { hasOutlet: boolean; hasParentVendor: boolean }): number {
  if (state.hasOutlet) return COLLECTION_POINT_ZOOM_WITH_OUTLET;
  return state.hasParentVendor ? COLLECTION_POINT_ZOOM_WITH_PARENT : COLLECTION_POINT_ZOOM_WITHOUT_PARENT;
}
