import { useMemo } from 'react';
import { showsFullMap } from '../../../domain/tracking';
import type { GeoPoint, OrderStatus } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { MapLegend } from '../map/MapLegend';
import { MapView, type MapViewMarker } from '../map/MapView';
import { fitView } from './fitView';
import { OptionalMap } from './OptionalMap';

interface Props {
  status: OrderStatus;
  pickup: GeoPoint | null | undefined;
  dropoff: GeoPoint;
  rider: { latitude: number | null; longitude: number | null } | null | undefined;
  description: string;
  height?: number;
}

/** The map of an order in progress: pickup, drop-off and the rider as they move. Hidden in NEW,
 * RECEIVED and WAITING_FOR_TRANSPORT (SPEC §4), when there is nothing to follow yet. */
export function OrderTrackingMap({ status, pickup, dropoff, rider, description, height = 220 }: Props) {
  const t = useT();
  const riderLat = rider?.latitude ?? null;
  const riderLng = rider?.longitude ?? null;
  const markers = useMemo<MapViewMarker[]>(() => {
    const list: MapViewMarker[] = [];
    if (pickup) list.push({ id: 'pickup', kind: 'pickup', lngLat: { lng: pickup.longitude, lat: pickup.latitude }, label: t('order.map.pickup') });
    list.push({ id: 'dropoff', kind: 'dropoff', lngLat: { lng: dropoff.longitude, lat: dropoff.latitude }, label: t('order.map.dropoff') });
    if (riderLat !== null && riderLng !== null) list.push({ id: 'rider', kind: 'rider', lngLat: { lng: riderLng, lat: riderLat }, label: t('order.map.rider') });
    return list;
  }, [pickup, dropoff.latitude, dropoff.longitude, riderLat, riderLng, t]);
  if (!showsFullMap(status)) return null;
  // Every marker in view; the drawer is 384 px wide, so frame for about 340 px.
  const view = fitView(
    markers.map((marker) => marker.lngLat),
    { width: 340, height },
  );
  return (
    <div data-testid="order-map">
      <OptionalMap>
        <MapView center={view.center} zoom={view.zoom} markers={markers} height={height} description={description} />
        <MapLegend items={markers.map(({ kind, label = kind }) => ({ kind, label }))} />
      </OptionalMap>
    </div>
  );
}
