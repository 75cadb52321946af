import { useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { AreaGeometry, LngLat, MapDrawn, MapHandle, MarkerSpec } from '../../../adapters/map/mapPort';
import { tokens } from '../../theme/theme';
import { useMapPort } from './MapPortContext';

export interface MapViewMarker extends MarkerSpec {
  id: string;
}

export interface MapViewPolygon {
  id: string;
  geometry: AreaGeometry;
}

interface Props {
  center: LngLat;
  zoom: number;
  markers?: readonly MapViewMarker[];
  polygons?: readonly MapViewPolygon[];
  onDragEnd?: (markerId: string, lngLat: LngLat) => void;
  onClick?: (lngLat: LngLat) => void;
  onError?: (error: Error) => void;
  /** CSS height of the map, e.g. 240 or '40vh'. */
  height: number | string;
  /** The text alternative of the picture, usually the address it shows; visible when the map cannot load. */
  description: string;
  /** Pan and zoom by the user; off by default (SPEC §2). Read once, when the map is created. */
  interactive?: boolean;
  /** Right-to-left labels; the container's CSS direction when not given. Read once, like `interactive`. */
  rtl?: boolean;
}

type Status = 'loading' | 'ready' | 'failed';

/** Keeps the latest callback without re-running the effects that subscribed it. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Adds and updates the items, removes the ones that are gone since the last call. */
function useSyncById<T extends { id: string }>(
  handle: MapHandle | null,
  items: readonly T[],
  put: (handle: MapHandle, item: T) => void,
  remove: (handle: MapHandle, id: string) => void,
) {
  // The ids drawn on which handle: a new map (new handle) starts with nothing drawn.
  const shown = useRef<{ handle: MapHandle | null; ids: Set<string> }>({ handle: null, ids: new Set() });
  useEffect(() => {
    if (!handle) return;
    const previousIds = shown.current.handle === handle ? shown.current.ids : new Set<string>();
    const nextIds = new Set(items.map((item) => item.id));
    for (const id of previousIds) if (!nextIds.has(id)) remove(handle, id);
    for (const item of items) put(handle, item);
    shown.current = { handle, ids: nextIds };
  }, [handle, items, put, remove]);
}

const putMarker = (handle: MapHandle, { id, ...spec }: MapViewMarker) => handle.setMarker(id, spec);
const removeMarker = (handle: MapHandle, id: string) => handle.removeMarker(id);
const putPolygon = (handle: MapHandle, { id, geometry }: MapViewPolygon) => handle.drawPolygon(id, geometry);
const removePolygon = (handle: MapHandle, id: string) => handle.removePolygon(id);
const NO_MARKERS: readonly MapViewMarker[] = [];
const NO_POLYGONS: readonly MapViewPolygon[] = [];

/** A map over the MapPort: markers, draggable pins and delivery areas, with a skeleton while the
 * library loads and the description as its text alternative. */
export function MapView({
  center,
  zoom,
  markers = NO_MARKERS,
  polygons = NO_POLYGONS,
  onDragEnd,
  onClick,
  onError,
  height,
  description,
  interactive = false,
  rtl,
}: Props) {
  const port = useMapPort();
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  // Whether the map really drew ('idle') or its placeholder was lifted after a wait ('fallback', until it
  // draws): data-drawn on the figure, for stories and tests.
  const [drawn, setDrawn] = useState<MapDrawn | undefined>(undefined);
  // The map is created once per port; later prop changes are applied through the handle.
  const createOptions = useRef({ center, zoom, interactive, rtl });
  const onDragEndRef = useLatest(onDragEnd);
  const onClickRef = useLatest(onClick);
  const onErrorRef = useLatest(onError);

  useEffect(() => {
    const container = containerRef.current;
    const { rtl: rtlProp, ...options } = createOptions.current;
    const isRtl = rtlProp ?? (container ? getComputedStyle(container).direction === 'rtl' : false);
    const language = container?.closest('[lang]')?.getAttribute('lang') ?? undefined;
    let cancelled = false;
    let created: MapHandle | null = null;
    setStatus('loading');
    setDrawn(undefined);
    port.create(container, { ...options, rtl: isRtl, language }).then(
      (mapHandle) => {
        if (cancelled) {
          mapHandle.destroy();
          return;
        }
        created = mapHandle;
        // Markers go on at once; the placeholder stays until the map has drawn its basemap.
        setHandle(mapHandle);
        void mapHandle.whenDrawn().then((how) => {
          if (cancelled) return;
          setDrawn((known) => known ?? how);
          setStatus('ready');
        });
        void mapHandle.whenIdle().then(() => {
          if (!cancelled) setDrawn('idle');
        });
      },
      (error: unknown) => {
        if (cancelled) return;
        setStatus('failed');
        onErrorRef.current?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setHandle(null);
    };
  }, [port, onErrorRef]);

  useEffect(() => {
    handle?.setCenter({ lng: center.lng, lat: center.lat }, zoom);
  }, [handle, center.lng, center.lat, zoom]);

  useSyncById(handle, markers, putMarker, removeMarker);
  useSyncById(handle, polygons, putPolygon, removePolygon);

  const draggableIds = markers
    .filter((marker) => marker.draggable)
    .map((marker) => marker.id)
    .join('\n');
  useEffect(() => {
    if (!handle || !draggableIds) return;
    const unsubscribes = draggableIds
      .split('\n')
      .map((id) => handle.onMarkerDragEnd(id, (lngLat) => onDragEndRef.current?.(id, lngLat)));
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [handle, draggableIds, onDragEndRef]);

  useEffect(() => {
    if (!handle) return;
    return handle.onClick((lngLat) => onClickRef.current?.(lngLat));
  }, [handle, onClickRef]);

  return (
    <Figure $height={typeof height === 'number' ? `${height}px` : height} aria-busy={status === 'loading'} data-drawn={drawn}>
      {/* Not aria-hidden: the map holds focusable parts (its attribution links, draggable pins). */}
      <Canvas ref={containerRef} data-testid="map-canvas" />
      {status === 'loading' && <Skeleton data-testid="map-skeleton" />}
      <Caption $visible={status === 'failed'}>{description}</Caption>
    </Figure>
  );
}

const Figure = styled.figure<{ $height: string }>`
  position: relative;
  margin: 0;
  height: ${({ $height }) => $height};
  overflow: hidden;
  border-radius: ${tokens.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  /* The attribution's links stand out from its text by more than colour (WCAG 1.4.1). */
  .maplibregl-ctrl-attrib a, .mapboxgl-ctrl-attrib a { text-decoration: underline; }
`;

// Sized, not absolutely placed: the map library gives its container \`position: relative\`.
const Canvas = styled.div`
  width: 100%;
  height: 100%;
`;

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Skeleton = styled.div`
  position: absolute;
  inset: 0;
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.background} 25%, ${({ theme }) => theme.colors.border} 50%, ${({ theme }) => theme.colors.background} 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Always read by screen readers; shown to everyone when the map failed, so the address is never lost. */
const Caption = styled.figcaption<{ $visible: boolean }>`
  ${({ $visible, theme }) =>
    $visible
      ? `position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
         padding: ${tokens.space(4)}; text-align: center; color: ${theme.colors.textMuted};`
      : `position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`}
`;
