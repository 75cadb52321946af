// The street style (MAP_PMTILES): the offline basemap with the vector layers of a PMTiles extract laid
// between its land and its places — land use, water, roads and buildings in the Protomaps basemap
// schema (docs.protomaps.com/basemaps/layers). Outside the extract the offline land still shows. Like
// the offline style it has no symbol layers (no glyph server): placeLabels.ts draws the names in HTML.
import type { FilterSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { offlineStyle, PMTILES_PROTOCOL } from './offlineStyle';

export const STREETS_SOURCE_ID = 'streets';

const OPENSTREETMAP = '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>';

type Width = ['interpolate', ['exponential', number], ['zoom'], ...number[]];
/** Road widths in px by zoom: hairlines at city view, street-wide at the address picker's zoom. */
const width = (at12: number, at18: number): Width => ['interpolate', ['exponential', 1.6], ['zoom'], 12, at12, 18, at18];

const kindIn = (kinds: readonly string[]): FilterSpecification => ['in', ['get', 'kind'], ['literal', [...kinds]]];

function streetLayers(): LayerSpecification[] {
  const source = STREETS_SOURCE_ID;
  const road = (id: string, kinds: readonly string[], colour: string, lineWidth: Width, minzoom = 0): LayerSpecification => ({
    id,
    type: 'line',
    source,
    'source-layer': 'roads',
    minzoom,
    filter: kindIn(kinds),
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': colour, 'line-width': lineWidth },
  });
  return [
    { id: 'streets-earth', type: 'fill', source, 'source-layer': 'earth', paint: { 'fill-color': '#f3f0e8' } },
    {
      id: 'streets-park',
      type: 'fill',
      source,
      'source-layer': 'landuse',
      filter: kindIn(['park', 'garden', 'grass', 'forest', 'wood', 'golf_course', 'pitch', 'playground', 'cemetery']),
      paint: { 'fill-color': '#d5ebc8' },
    },
    {
      id: 'streets-institution',
      type: 'fill',
      source,
      'source-layer': 'landuse',
      filter: kindIn(['hospital', 'school', 'university', 'college']),
      paint: { 'fill-color': '#efe3e3' },
    },
    { id: 'streets-water', type: 'fill', source, 'source-layer': 'water', paint: { 'fill-color': '#c9dff0' } },
    { id: 'streets-buildings', type: 'fill', source, 'source-layer': 'buildings', minzoom: 15, paint: { 'fill-color': '#e4ded2', 'fill-outline-color': '#d6cfc0' } },
    // Casings first, so crossing roads join cleanly.
    road('streets-minor-casing', ['minor_road', 'other'], '#dcd6ca', width(1, 14), 13),
    road('streets-major-casing', ['major_road', 'highway'], '#d2b98a', width(2, 22)),
    road('streets-path', ['path'], '#ffffff', width(0.5, 3), 15),
    road('streets-minor', ['minor_road', 'other'], '#ffffff', width(0.5, 12), 13),
    road('streets-major', ['major_road'], '#fff4d6', width(1.2, 19)),
    road('streets-highway', ['highway'], '#fbd58c', width(1.6, 20)),
  ];
}

/** `archiveUrl`: the absolute URL of the archive on our server; `basemapUrl`: as for offlineStyle. */
export function streetStyle(archiveUrl: URL, basemapUrl: URL): StyleSpecification {
  const base = offlineStyle(basemapUrl);
  const landIndex = base.layers.findIndex((layer) => layer.id === 'land');
  return {
    ...base,
    name: 'courier-portal-streets',
    sources: {
      ...base.sources,
      [STREETS_SOURCE_ID]: { type: 'vector', url: `${PMTILES_PROTOCOL}://${archiveUrl.href}`, attribution: OPENSTREETMAP },
    },
    layers: [...base.layers.slice(0, landIndex + 1), ...streetLayers(), ...base.layers.slice(landIndex + 1)],
  };
}
