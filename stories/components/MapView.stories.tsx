import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import type { LngLat } from '../../adapters/map/mapPort';
import { MapView, type MapViewMarker, type MapViewPolygon } from '../../src/components/map/MapView';

const RIYADH: LngLat = { lng: 46.6753, lat: 24.7136 };

const DELIVERY_AREA: MapViewPolygon = {
  id: 'riyadh-centre',
  geometry: { type: 'Polygon', coordinates: [[[46.6, 24.64], [46.78, 24.64], [46.78, 24.78], [46.6, 24.78], [46.6, 24.64]]] },
};

/**
 * The map as screens use it, on the map port of the toolbar's "Map" switch: the placeholder (the
 * in-memory port, which draws nothing and needs no WebGL) or the offline basemap (maplibre over
 * public/basemap, as the app runs without a Mapbox token). Drag the drop-off marker on the basemap.
 */
function MapWithMarkers({ withRider, withArea, interactive }: { withRider: boolean; withArea: boolean; interactive: boolean }) {
  const [dropoff, setDropoff] = useState<LngLat>({ lng: 46.72, lat: 24.69 });
  const markers: MapViewMarker[] = [
    { id: 'pickup', kind: 'pickup', lngLat: { lng: 46.66, lat: 24.72 }, label: 'Pickup: King Fahd Road' },
    { id: 'dropoff', kind: 'dropoff', lngLat: dropoff, draggable: true, label: 'Drop-off' },
    ...(withRider ? [{ id: 'rider', kind: 'rider' as const, lngLat: { lng: 46.69, lat: 24.705 }, label: 'Rider' }] : []),
  ];
  return (
    <div style={{ padding: 16 }}>
      <MapView
        center={RIYADH}
        zoom={11}
        markers={markers}
        polygons={withArea ? [DELIVERY_AREA] : []}
        onDragEnd={(_id, lngLat) => setDropoff(lngLat)}
        onError={fn()}
        height={420}
        description="King Fahd Road, Al Olaya, Riyadh"
        interactive={interactive}
      />
    </div>
  );
}

const meta = {
  title: 'Components/MapView',
  component: MapWithMarkers,
  args: { withRider: false, withArea: false, interactive: false },
} satisfies Meta<typeof MapWithMarkers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The map is ready once the port created it: no skeleton, not busy. */
async function mapReady({ canvasElement }: { canvasElement: HTMLElement }) {
  await waitFor(() => expect(canvasElement.querySelector('figure[aria-busy="false"]')).not.toBeNull(), { timeout: 10_000 });
}

/**
 * The basemap really drew: the engine went idle (style, land and tiles painted). The adapter lifts
 * the placeholder after DRAWN_FALLBACK_MS even if not (data-drawn="fallback", until it draws), so
 * waiting for the figure not to be busy raced that fallback; this waits for the drawing itself, as
 * long as software WebGL on a loaded machine may take.
 */
async function basemapDrawn({ canvasElement }: { canvasElement: HTMLElement }) {
  await waitFor(() => expect(canvasElement.querySelector('figure')?.getAttribute('data-drawn')).toBe('idle'), { timeout: 30_000 });
  expect(canvasElement.querySelector('[data-testid="map-skeleton"]')).toBeNull();
}

export const PickupAndDropOff: Story = { play: mapReady };
export const WithRiderAndDeliveryArea: Story = { args: { withRider: true, withArea: true } };
export const Interactive: Story = { args: { interactive: true } };
/** The real offline basemap (maplibre), whatever the toolbar says. */
export const OfflineBasemap: Story = { args: { withRider: true, withArea: true }, globals: { map: 'basemap' }, tags: ['needs-webgl'], play: basemapDrawn };
