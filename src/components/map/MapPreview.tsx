// Development-only page for checking the map in a real browser (see docs/decisions/0001-maps.md):
// Riyadh with a pickup, a drop-off and a rider marker and a delivery area, on the configured MapPort.
import { useMemo, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { createMapPort } from '../../../adapters/map/loadMap';
import type { LngLat } from '../../../adapters/map/mapPort';
import { BRAND_THEMES } from '../../theme/brands';
import { MapPortProvider } from './MapPortContext';
import { MapView, type MapViewMarker, type MapViewPolygon } from './MapView';

const RIYADH: LngLat = { lng: 46.6753, lat: 24.7136 };

const AREA: MapViewPolygon = {
  id: 'riyadh-centre',
  geometry: {
    type: 'Polygon',
    coordinates: [[[46.6, 24.64], [46.78, 24.64], [46.78, 24.78], [46.6, 24.78], [46.6, 24.64]]],
  },
};

export function MapPreview({ rtl, zoom }: { rtl: boolean; zoom: number }) {
  const port = useMemo(() => createMapPort({}), []);
  const [dropoff, setDropoff] = useState<LngLat>({ lng: 46.72, lat: 24.69 });
  const markers: MapViewMarker[] = [
    { id: 'pickup', kind: 'pickup', lngLat: { lng: 46.66, lat: 24.72 }, label: 'Pickup: King Fahd Road' },
    { id: 'dropoff', kind: 'dropoff', lngLat: dropoff, draggable: true, label: 'Drop-off' },
    { id: 'rider', kind: 'rider', lngLat: { lng: 46.69, lat: 24.705 }, label: 'Rider' },
  ];
  return (
    <ThemeProvider theme={BRAND_THEMES.HUNGER_STATION}>
      <MapPortProvider port={port}>
        <div dir={rtl ? 'rtl' : 'ltr'} style={{ padding: 16 }}>
          <MapView
            center={RIYADH}
            zoom={zoom}
            markers={markers}
            polygons={[AREA]}
            onDragEnd={(_id, lngLat) => setDropoff(lngLat)}
            height={560}
            description="King Fahd Road, Riyadh"
            rtl={rtl}
          />
          <p data-testid="dropoff">{`${dropoff.lat.toFixed(4)}, ${dropoff.lng.toFixed(4)}`}</p>
        </div>
      </MapPortProvider>
    </ThemeProvider>
  );
}
