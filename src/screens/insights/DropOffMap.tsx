import { useMemo } from 'react';
import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { ChartCard } from '../../components/charts/ChartCard';
import { HiddenDataTable } from '../../components/charts/HiddenDataTable';
import { MapView, type MapViewMarker } from '../../components/map/MapView';
import { useT } from '../../i18n/useT';
import type { InsightsFormat } from './useInsightsFormat';

/** Markers drawn at most: the busiest areas; a city's worth stays readable and light to draw. */
const MARKERS_MAX = 60;
/** About a city across, which is where one vendor's drop-offs fall. */
const CITY_ZOOM = 10;

/**
 * Where the period's orders went: the busiest drop-off areas (about 1 km each, from the server) as
 * markers on the map port, centred on their weighted middle; a hidden table lists them with their counts.
 */
export function DropOffMap({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const clusters = insights.drop_offs.clusters;
  const shown = useMemo(() => clusters.slice(0, MARKERS_MAX), [clusters]);
  // Kept across renders: MapView redraws the markers when the list changes.
  const markers = useMemo<MapViewMarker[]>(
    () => shown.map((cluster) => ({
      id: `${cluster.latitude},${cluster.longitude}`,
      lngLat: { lng: cluster.longitude, lat: cluster.latitude },
      kind: 'dropoff',
      label: t('insights.map.area', { count: cluster.orders }),
    })),
    [shown, t],
  );
  const weight = shown.reduce((sum, cluster) => sum + cluster.orders, 0);
  const center = {
    lng: shown.reduce((sum, cluster) => sum + cluster.longitude * cluster.orders, 0) / Math.max(1, weight),
    lat: shown.reduce((sum, cluster) => sum + cluster.latitude * cluster.orders, 0) / Math.max(1, weight),
  };
  const title = t('insights.map.title');
  return (
    <ChartCard title={title} testId="insights-drop-offs">
      {shown.length === 0 ? null : (
        <MapView center={center} zoom={CITY_ZOOM} markers={markers} height={280} interactive description={t('insights.map.description', { count: shown.length })} />
      )}
      {(insights.drop_offs.capped || clusters.length > shown.length) && <Note>{t('insights.map.capped')}</Note>}
      <HiddenDataTable
        caption={title}
        columns={[t('insights.map.column.area'), t('insights.column.orders')]}
        rows={shown.map((cluster) => ({
          key: `${cluster.latitude},${cluster.longitude}`,
          cells: [`${format.coordinate(cluster.latitude)}, ${format.coordinate(cluster.longitude)}`, format.number(cluster.orders)],
        }))}
      />
    </ChartCard>
  );
}

const Note = styled.p`
  margin: 0;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
