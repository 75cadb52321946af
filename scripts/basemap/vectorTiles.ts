// Cuts GeoJSON layers into Mapbox Vector Tiles, every zoom from 0 to `maxZoom`, for a PMTiles archive
// (pmtilesWriter.ts): geojson-vt cuts and simplifies, vt-pbf encodes. The browser then decodes the few
// tiles in view instead of parsing and cutting the world on every map (docs/decisions/0001-maps.md).
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { GeoJSON } from 'geojson';
import type { ArchiveTile } from './pmtilesWriter';

export interface CutOptions {
  maxZoom: number;
  /** Units across a tile; more keeps the coast finer where the map over-zooms past `maxZoom`. */
  extent: number;
  /** The first zoom whose tiles hold a feature (its properties given); absent, every zoom. Leaves out
   * what the style does not draw yet, so the world view's tiles do not carry every small place. */
  minZoomOf?: (properties: Record<string, unknown>) => number;
}

export function cutVectorTiles(layers: Record<string, GeoJSON>, { maxZoom, extent, minZoomOf }: CutOptions): ArchiveTile[] {
  // Every tile down to maxZoom cut up front (indexMaxPoints 0), so reading them is only a look-up.
  const indexes = Object.entries(layers).map(([name, data]) => [name, new GeoJSONVT(data, { maxZoom, indexMaxZoom: maxZoom, indexMaxPoints: 0, extent })] as const);
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= maxZoom; z += 1) {
    for (let x = 0; x < 2 ** z; x += 1) {
      for (let y = 0; y < 2 ** z; y += 1) {
        const found = Object.fromEntries(indexes.flatMap(([name, index]) => {
          const tile = index.getTile(z, x, y);
          if (!tile) return [];
          // The library types a tile's features as both its internal and its output shape: a copy needs the cast.
          const kept = { ...tile, features: tile.features.filter((feature) => !minZoomOf || minZoomOf(feature.tags ?? {}) <= z) } as GeoJSONVTTile;
          return kept.features.length > 0 ? [[name, kept]] : [];
        }));
        if (Object.keys(found).length > 0) tiles.push({ z, x, y, data: fromGeojsonVt(found, { version: 2, extent }) });
      }
    }
  }
  return tiles;
}
