// The offline basemap style, from the files scripts/build-basemap.ts writes to public/basemap/: land and
// borders as vector tiles in one PMTiles archive (read in byte ranges through the `pmtiles` protocol,
// maplibre.ts registers it), so a map decodes the few tiles in view instead of parsing the world; the
// places likewise, in their own archive (finer units, see build-basemap.ts). It has no symbol layers,
// so it needs no glyph server; placeLabels.ts draws the place names in HTML.
import type { StyleSpecification } from 'maplibre-gl';

export const PLACES_SOURCE_ID = 'places';
export const BASEMAP_SOURCE_ID = 'basemap';
/** The archive of the land and borders layers, in the basemap folder. */
export const BASEMAP_ARCHIVE = 'basemap.pmtiles';
/** The archive of the `places` layer, in the basemap folder. */
export const PLACES_ARCHIVE = 'places.pmtiles';

/** The maplibre protocol the `pmtiles` library answers (maplibre.ts registers it). */
export const PMTILES_PROTOCOL = 'pmtiles';

/** One circle layer per display rank (see build-basemap.ts): bigger places show from further out; the
 * gazetteer's districts (rank 5) once a city fills the map. */
export type PlaceRank = 1 | 2 | 3 | 4 | 5;
export const PLACE_RANK_MIN_ZOOM: Record<PlaceRank, number> = { 1: 2, 2: 4, 3: 6, 4: 8, 5: 10 };
const DISTRICT_RANK = 5;
/** Place dots show below this zoom: once the map names districts, a city is an area, not a point. */
const PLACE_DOT_MAX_ZOOM = PLACE_RANK_MIN_ZOOM[DISTRICT_RANK];
const LAND_COLOUR = '#f3f0e8';

export const PLACE_LAYER_IDS = Object.keys(PLACE_RANK_MIN_ZOOM).map((rank) => `places-rank-${rank}`);

const NATURAL_EARTH = 'Made with Natural Earth';
const GEONAMES = '<a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/** `basemapUrl` is the absolute URL of the folder holding basemap.pmtiles and places.pmtiles. */
export function offlineStyle(basemapUrl: URL): StyleSpecification {
  const data = (file: string): string => new URL(file, basemapUrl).href;
  return {
    version: 8,
    name: 'courier-portal-offline',
    sources: {
      [BASEMAP_SOURCE_ID]: { type: 'vector', url: `${PMTILES_PROTOCOL}://${data(BASEMAP_ARCHIVE)}`, attribution: NATURAL_EARTH },
      [PLACES_SOURCE_ID]: { type: 'vector', url: `${PMTILES_PROTOCOL}://${data(PLACES_ARCHIVE)}`, attribution: GEONAMES },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#c9dff0' } },
      { id: 'land', type: 'fill', source: BASEMAP_SOURCE_ID, 'source-layer': 'land', paint: { 'fill-color': LAND_COLOUR, 'fill-outline-color': '#b9c7d3' } },
      {
        id: 'borders',
        type: 'line',
        source: BASEMAP_SOURCE_ID,
        'source-layer': 'borders',
        paint: { 'line-color': '#a393b8', 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 2], 'line-dasharray': [3, 2] },
      },
      ...Object.entries(PLACE_RANK_MIN_ZOOM).map(([rank, minzoom]) => ({
        id: `places-rank-${rank}`,
        type: 'circle' as const,
        source: PLACES_SOURCE_ID,
        'source-layer': 'places',
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
