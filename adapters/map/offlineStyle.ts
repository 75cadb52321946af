// The offline basemap style: GeoJSON built by scripts/build-basemap.ts and served from public/basemap/.
// It has no symbol layers, so it needs no glyph server; placeLabels.ts draws the place names in HTML.
import type { StyleSpecification } from 'maplibre-gl';

export const PLACES_SOURCE_ID = 'places';

/** One circle layer per display rank (see build-basemap.ts): bigger places show from further out; the
 * gazetteer's districts (rank 5) once a city fills the map. */
const PLACE_RANK_MIN_ZOOM: Record<1 | 2 | 3 | 4 | 5, number> = { 1: 2, 2: 4, 3: 6, 4: 8, 5: 10 };
const DISTRICT_RANK = 5;
/** Place dots show below this zoom: once the map names districts, a city is an area, not a point. */
const PLACE_DOT_MAX_ZOOM = PLACE_RANK_MIN_ZOOM[DISTRICT_RANK];
const LAND_COLOUR = '#f3f0e8';

export const PLACE_LAYER_IDS = Object.keys(PLACE_RANK_MIN_ZOOM).map((rank) => `places-rank-${rank}`);

const NATURAL_EARTH = 'Made with Natural Earth';
const GEONAMES = '<a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/** `basemapUrl` is the absolute URL of the folder holding land.json, borders.json and places.json. */
export function offlineStyle(basemapUrl: URL): StyleSpecification {
  const data = (file: string): string => new URL(file, basemapUrl).href;
  return {
    version: 8,
    name: 'courier-portal-offline',
    sources: {
      land: { type: 'geojson', data: data('land.json'), attribution: NATURAL_EARTH },
      borders: { type: 'geojson', data: data('borders.json') },
      [PLACES_SOURCE_ID]: { type: 'geojson', data: data('places.json'), attribution: GEONAMES },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#c9dff0' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND_COLOUR, 'fill-outline-color': '#b9c7d3' } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': '#a393b8', 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 2], 'line-dasharray': [3, 2] },
      },
      ...Object.entries(PLACE_RANK_MIN_ZOOM).map(([rank, minzoom]) => ({
        id: `places-rank-${rank}`,
        type: 'circle' as const,
        source: PLACES_SOURCE_ID,
        minzoom,
        filter: ['==', ['get', 'rank'], Number(rank)] as ['==', ['get', string], number],
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 2, 12, 5] as ['interpolate', ['linear'], ['zoom'], number, number, number, number],
          // From street zoom a place is an area around the pins, not a point: its name shows without a
          // dot (a stray dot by the pins otherwise). The circle stays, in the land's colour, because the
          // labels are read from what the map renders.
          // Districts are areas: never a dot.
          'circle-color': Number(rank) === DISTRICT_RANK ? LAND_COLOUR : (['step', ['zoom'], '#5b6472', PLACE_DOT_MAX_ZOOM, LAND_COLOUR] as ['step', ['zoom'], string, number, string]),
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': Number(rank) === DISTRICT_RANK ? 0 : (['step', ['zoom'], 1, PLACE_DOT_MAX_ZOOM, 0] as ['step', ['zoom'], number, number, number]),
        },
      })),
    ],
  };
}
