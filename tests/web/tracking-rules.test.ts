import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { TrackingView } from '../../adapters/ports';
import { etaOf } from '../../src/components/orders/etaOf';
import { WORLD_WIDTH_AT_ZOOM_0_PX } from '../../adapters/map/mapDefaults';
import { fitView } from '../../src/components/orders/fitView';
import { PUBLIC_TRACKING_REFRESH_MS, publicTrackingMachine } from '../../machines/publicTracking';
import { groupActiveOrders } from '../../src/screens/tracking/groupActiveOrders';
import { mergeLiveOrders, withLiveUpdate } from '../../src/screens/tracking/mergeLiveOrders';
import { anOrder, NOW } from './tracking-harness';

describe('live updates over the fetched list', () => {
  it('replaces an order with a newer update, keeps a fresher fetch, and adds orders not fetched yet', () => {
    const fetched = [anOrder('RECEIVED', { order_id: 'a', updated_at: 100 }), anOrder('RECEIVED', { order_id: 'b', updated_at: 300 })];
    let live = withLiveUpdate(new Map(), anOrder('PICKED_UP', { order_id: 'a', updated_at: 200 }));
    live = withLiveUpdate(live, anOrder('DELIVERED', { order_id: 'b', updated_at: 250 }));
    live = withLiveUpdate(live, anOrder('NEW', { order_id: 'c', updated_at: 400 }));
    // An older update never replaces a newer one.
    live = withLiveUpdate(live, anOrder('RECEIVED', { order_id: 'a', updated_at: 150 }));
    const merged = mergeLiveOrders(fetched, live);
    expect(merged.map((order) => [order.order_id, order.status])).toEqual([
      ['a', 'PICKED_UP'],
      ['b', 'RECEIVED'],
      ['c', 'NEW'],
    ]);
  });

  it('groups by listGroupOf, newest first', () => {
    const groups = groupActiveOrders(
      [
        anOrder('DELAYED', { order_id: 'delayed', created_at: 1 }),
        anOrder('NEW', { order_id: 'new', created_at: 2 }),
        anOrder('RECEIVED', { order_id: 'pre', preordered_for: NOW + 60 }),
        anOrder('RETURNED_TO_VENDOR', { order_id: 'returned' }),
        anOrder('PAYMENT_FAILED', { order_id: 'failed' }),
      ],
      NOW,
    );
    expect(groups.new.map((order) => order.order_id)).toEqual(['new', 'delayed']);
    expect(groups.preorder.map((order) => order.order_id)).toEqual(['pre']);
    expect(groups.delivered.map((order) => order.order_id)).toEqual(['returned']);
    expect(groups.cancelled.map((order) => order.order_id)).toEqual(['failed']);
  });
});

describe('ETA and map framing', () => {
  it.each([
    ['NEAR_VENDOR', { eta_to_vendor_min: 4.6, eta_to_customer_min: null }, { kind: 'to-vendor', minutes: 5, near: false }],
    ['NEAR_VENDOR', { eta_to_vendor_min: 4.4, eta_to_customer_min: null }, { kind: 'to-vendor', minutes: 4, near: true }],
    ['PICKED_UP', { eta_to_vendor_min: 3, eta_to_customer_min: 12 }, { kind: 'to-customer', minutes: 12, near: false }],
    ['WAITING_FOR_TRANSPORT', { eta_to_vendor_min: 3, eta_to_customer_min: 12 }, null],
    ['PICKED_UP', { eta_to_vendor_min: 3, eta_to_customer_min: null }, null],
  ] as const)('%s %o -> %o', (status, rider, expected) => {
    expect(etaOf(status, rider)).toEqual(expected);
  });

  it('frames every point: farther points give a lower zoom', () => {
    const near = fitView([{ lng: 46.67, lat: 24.71 }, { lng: 46.68, lat: 24.72 }], { width: 340, height: 220 });
    const far = fitView([{ lng: 46.6, lat: 24.6 }, { lng: 46.8, lat: 24.8 }], { width: 340, height: 220 });
    expect(near.center.lng).toBeCloseTo(46.675, 9);
    // North of the points' middle: the pins rise above their points.
    expect(near.center.lat).toBeGreaterThan(24.715);
    expect(far.zoom).toBeLessThan(near.zoom);
    expect(fitView([{ lng: 1, lat: 2 }], { width: 340, height: 220 }).zoom).toBe(15);
  });

  it('keeps each whole pin inside the map and above the attribution line', () => {
    const size = { width: 343, height: 280 };
    const cases = [
      [{ lng: 46.62, lat: 24.77 }, { lng: 46.74, lat: 24.66 }],
      [{ lng: 46.7, lat: 24.7 }, { lng: 46.7, lat: 24.9 }],
      [{ lng: 46.5, lat: 24.7 }, { lng: 46.9, lat: 24.7 }, { lng: 46.7, lat: 24.71 }],
      [{ lng: 39.1, lat: 21.5 }, { lng: 39.2, lat: 21.6 }],
    ];
    const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    for (const points of cases) {
      const { center, zoom } = fitView(points, size);
      const worldPx = WORLD_WIDTH_AT_ZOOM_0_PX * 2 ** zoom;
      for (const point of points) {
        const x = size.width / 2 + ((point.lng - center.lng) / 360) * worldPx;
        const y = size.height / 2 - ((mercator(point.lat) - mercator(center.lat)) / (2 * Math.PI)) * worldPx;
        expect(x - 65 / 2).toBeGreaterThanOrEqual(0);
        expect(x + 65 / 2).toBeLessThanOrEqual(size.width);
        expect(y - 65).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(size.height - 28);
      }
    }
  });
});

describe('public tracking machine', () => {
  const view = (status: TrackingView['status']) => ({ status }) as TrackingView;

  it('reloads every few seconds until the order has ended, and stops on a refused link', async () => {
    const answers: (TrackingView | Error)[] = [view('NEAR_VENDOR'), new Error('offline'), view('DELIVERED')];
    let calls = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      publicTrackingMachine.provide({
        actors: {
          loadTracking: fromPromise(async () => {
            calls += 1;
            const next = answers.shift();
            if (!next || next instanceof Error) throw next ?? new Error('none');
            return next;
          }),
        },
      }),
      { input: { orderId: 'o', token: 't' }, clock },
    ).start();
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    await flush();
    expect(actor.getSnapshot().value).toBe('showing');
    clock.increment(PUBLIC_TRACKING_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.view?.status).toBe('NEAR_VENDOR');
    clock.increment(PUBLIC_TRACKING_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('ended');
    clock.increment(PUBLIC_TRACKING_REFRESH_MS * 3);
    await flush();
    expect(calls).toBe(3);

    const refused = createActor(
      publicTrackingMachine.provide({ actors: { loadTracking: fromPromise(async () => Promise.reject(new Error('error.forbidden'))) } }),
      { input: { orderId: 'o', token: 'bad' } },
    ).start();
    await flush();
    expect(refused.getSnapshot().value).toBe('refused');
  });
});
