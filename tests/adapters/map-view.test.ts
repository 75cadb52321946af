// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement, type ComponentProps } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LngLat, MapDrawn, MapPort } from '../../adapters/map/mapPort';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { MapView, type MapViewMarker } from '../../src/components/map/MapView';
import { BRAND_THEMES } from '../../src/theme/brands';

const RIYADH = { lng: 46.6753, lat: 24.7136 };
const PICKUP: MapViewMarker = { id: 'pickup', kind: 'pickup', lngLat: RIYADH, label: 'Pickup' };
const DROPOFF: MapViewMarker = { id: 'dropoff', kind: 'dropoff', lngLat: { lng: 46.7, lat: 24.69 }, draggable: true };

type MapViewProps = ComponentProps<typeof MapView>;

function view(port: MapPort, props: Partial<MapViewProps> = {}) {
  const full: MapViewProps = { center: RIYADH, zoom: 18, height: 240, description: 'King Fahd Road, Riyadh', ...props };
  return createElement(
    ThemeProvider,
    { theme: BRAND_THEMES.TALABAT },
    createElement(MapPortProvider, { port, children: createElement(MapView, full) }),
  );
}

afterEach(cleanup);

describe('MapView', () => {
  it('shows a skeleton while the map library loads and keeps the address as the text alternative', () => {
    const pending: MapPort = { create: () => new Promise(() => undefined) };
    render(view(pending));
    expect(screen.getByTestId('map-skeleton')).toBeTruthy();
    expect(screen.getByRole('figure').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('King Fahd Road, Riyadh').tagName).toBe('FIGCAPTION');
  });

  it('keeps the placeholder over the map, markers already on it, until the map has drawn its basemap', async () => {
    const memory = createMemoryMapPort();
    let finishDrawing = () => {};
    const drawing = new Promise<MapDrawn>((resolve) => (finishDrawing = () => resolve('idle')));
    const port: MapPort = { create: async (container, options) => ({ ...(await memory.create(container, options)), whenDrawn: () => drawing, whenIdle: async () => void (await drawing) }) };
    render(view(port, { markers: [PICKUP] }));
    await waitFor(() => expect(memory.maps[0]?.markers.size).toBe(1));
    expect(screen.getByTestId('map-skeleton')).toBeTruthy();
    expect(screen.getByRole('figure').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('figure').hasAttribute('data-drawn')).toBe(false);
    await act(async () => finishDrawing());
    expect(screen.queryByTestId('map-skeleton')).toBeNull();
    expect(screen.getByRole('figure').getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('figure').getAttribute('data-drawn')).toBe('idle');
  });

  it('says on the figure when the placeholder was lifted before the map finished drawing, until it does', async () => {
    const memory = createMemoryMapPort();
    let finishDrawing = () => {};
    const idle = new Promise<void>((resolve) => (finishDrawing = resolve));
    const port: MapPort = { create: async (container, options) => ({ ...(await memory.create(container, options)), whenDrawn: () => Promise.resolve('fallback' as const), whenIdle: () => idle }) };
    render(view(port, { markers: [PICKUP] }));
    await waitFor(() => expect(screen.getByRole('figure').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('figure').getAttribute('data-drawn')).toBe('fallback');
    expect(screen.queryByTestId('map-skeleton')).toBeNull();
    await act(async () => finishDrawing());
    expect(screen.getByRole('figure').getAttribute('data-drawn')).toBe('idle');
  });

  it('creates a non-interactive map at the centre and zoom, then draws the markers and areas', async () => {
    const port = createMemoryMapPort();
    const area = { id: 'zone', geometry: { type: 'Polygon' as const, coordinates: [[[46, 24], [47, 24], [47, 25], [46, 24]]] } };
    render(view(port, { markers: [PICKUP, DROPOFF], polygons: [area] }));
    await waitFor(() => expect(port.maps[0]?.markers.size).toBe(2));
    expect(screen.queryByTestId('map-skeleton')).toBeNull();
    const [map] = port.maps;
    expect(map?.options).toEqual({ center: RIYADH, zoom: 18, interactive: false, rtl: false });
    expect([...(map?.markers.keys() ?? [])]).toEqual(['pickup', 'dropoff']);
    expect(map?.markers.get('dropoff')).toEqual({ kind: 'dropoff', lngLat: DROPOFF.lngLat, draggable: true });
    expect(map?.polygons.get('zone')).toEqual(area.geometry);
  });

  it('removes markers that are no longer given and follows a new centre', async () => {
    const port = createMemoryMapPort();
    const { rerender } = render(view(port, { markers: [PICKUP, DROPOFF] }));
    await waitFor(() => expect(port.maps[0]?.markers.size).toBe(2));
    const moved = { lng: 39.19, lat: 21.48 };
    rerender(view(port, { markers: [PICKUP], center: moved, zoom: 12 }));
    await waitFor(() => expect(port.maps[0]?.markers.size).toBe(1));
    expect(port.maps[0]).toMatchObject({ center: moved, zoom: 12 });
    expect(port.maps).toHaveLength(1);
  });

  it('reports where a draggable marker was dropped', async () => {
    const port = createMemoryMapPort();
    const onDragEnd = vi.fn<(id: string, lngLat: LngLat) => void>();
    render(view(port, { markers: [PICKUP, DROPOFF], onDragEnd }));
    await waitFor(() => expect(port.maps[0]?.markers.size).toBe(2));
    act(() => port.simulateDragEnd('dropoff', RIYADH));
    act(() => port.simulateDragEnd('pickup', RIYADH));
    expect(onDragEnd.mock.calls).toEqual([['dropoff', RIYADH]]);
  });

  it('shows the address instead of the map when the map cannot load', async () => {
    const failing: MapPort = { create: async () => Promise.reject(new Error('map element not mounted on dom')) };
    const onError = vi.fn<(error: Error) => void>();
    render(view(failing, { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]?.[0].message).toBe('map element not mounted on dom');
    expect(screen.queryByTestId('map-skeleton')).toBeNull();
    expect(screen.getByRole('figure').getAttribute('aria-busy')).toBe('false');
  });

  it('takes right-to-left from the page when not told', async () => {
    const port = createMemoryMapPort();
    document.documentElement.dir = 'rtl';
    try {
      render(view(port));
      await waitFor(() => expect(port.maps).toHaveLength(1));
      expect(port.maps[0]?.options.rtl).toBe(true);
    } finally {
      document.documentElement.dir = '';
    }
  });

  it('frees the map on unmount', async () => {
    const port = createMemoryMapPort();
    const { unmount } = render(view(port));
    await waitFor(() => expect(screen.queryByTestId('map-skeleton')).toBeNull());
    unmount();
    expect(port.maps[0]?.destroyed).toBe(true);
  });
});
