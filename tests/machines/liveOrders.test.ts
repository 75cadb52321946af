import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { liveOrdersMachine, SESSION_ENDED_CLOSE_CODE, type LiveOrdersInput, type SocketCommand, type SocketInput } from '../../machines';
import { anOrder, NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type PathModel } from './walkPaths';

const input: LiveOrdersInput = {
  vendorId: 'vendor-1',
  isGuest: true,
  dynamicTimeEstimation: false,
  timeZone: 'Asia/Riyadh',
  nowUnix: () => NOW,
};

const today = anOrder('PICKED_UP', { created_at: NOW - 60 });
const yesterday = anOrder('DELIVERED', { created_at: NOW - 2 * 86_400 });
/** Placed yesterday for later today: the tracking page holds it (under Scheduled), so its updates go there. */
const preorderFromYesterday = anOrder('RECEIVED', { order_id: 'preorder-1', created_at: NOW - 6 * 3600, preordered_for: NOW + 10 * 3600 });

// Shortest paths: the machine is parallel (connection x fallback refresh) and counts seconds since the
// last update, so simple paths explode. The guest threshold (60 s) keeps the counter short.
const model: PathModel = {
  machine: liveOrdersMachine,
  input,
  strategy: 'shortest',
  effects: ['applyOrderUpdate', 'reloadLists', 'endSession'],
  callbackActors: ['socket'],
  // Every count above the threshold behaves the same: capping it keeps the state space finite.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.vendorId,
      snapshot.context.subscribedVendorId,
      Math.min(snapshot.context.secondsSinceUpdate, 65),
      snapshot.context.reloadWhenSubscribed,
    ]),
  events: () => events,
};

const events: ModelEvent[] = [
    { type: 'socket.opened' },
    { type: 'socket.closed', code: 1006 },
    { type: 'socket.closed', code: SESSION_ENDED_CLOSE_CODE },
    { type: 'subscribe.ok', vendorId: 'vendor-1' },
    { type: 'order.updated', order: today },
    { type: 'order.updated', order: yesterday },
    { type: 'order.updated', order: preorderFromYesterday },
    { type: 'vendor.changed', vendorId: 'vendor-2' },
    { type: 'xstate.after.staleCheck.liveOrders.fallbackRefresh.watching' },
    { type: 'xstate.done.actor.refreshOrders' },
    { type: 'xstate.error.actor.refreshOrders', error: new Error('offline') },
];

const paths = generatePaths(model);

describe('liveOrders: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      let seen = 0;
      // From the spec (API.md "Live updates"): after the channel reconnected (a drop, or new tokens),
      // the lists are owed a reload once the subscription is answered on the new socket.
      let wasDown = false;
      let reloadOwed = false;
      await replayPath(model, path, (snapshot, replay, step) => {
        const stepEffects = replay.effects.slice(seen).map((effect) => effect.name);
        seen = replay.effects.length;
        const starts = (replay.started.socket ?? []) as SocketInput[];
        const { type } = step.event;
        const code = (step.event as { code?: number }).code;

        // One subscription for the machine's whole life, on the vendor it started with: the channel
        // owns the socket and its reconnect, so nothing here opens another one.
        expect(starts).toEqual([{ vendorId: input.vendorId }]);
        expect(replay.running.has('socket')).toBe(true);
        if (type === 'socket.closed') wasDown = true;
        if (type === 'socket.opened' && wasDown) {
          reloadOwed = true;
          wasDown = false;
        }
        // Effect oracle: the shown lists are reloaded exactly when a reconnected subscription is answered.
        if (type === 'subscribe.ok' && reloadOwed) {
          expect(stepEffects, 'lists reloaded after the subscription was answered again').toEqual(['reloadLists']);
          expect(replay.effects.at(-1)).toEqual({ name: 'reloadLists', params: { vendorId: snapshot.context.vendorId } });
          reloadOwed = false;
        } else {
          expect(stepEffects, `no reload on ${type}`).not.toContain('reloadLists');
        }
        // "Live" is shown only while connected and confirmed for the shown vendor; a close forgets it.
        if (type === 'socket.closed') expect(snapshot.context.subscribedVendorId).toBeNull();
        // Effect oracle: a 4401 close ends the session once, and nothing refreshes after it.
        const endedNow = type === 'socket.closed' && code === SESSION_ENDED_CLOSE_CODE && stepEffects.includes('endSession');
        expect(stepEffects.filter((name) => name === 'endSession')).toHaveLength(endedNow ? 1 : 0);
        if (snapshot.matches({ connection: 'sessionEnded' })) expect(snapshot.matches({ fallbackRefresh: 'stopped' })).toBe(true);
        // Effect oracle: a vendor change asks the subscription for the new vendor, connected or not.
        if (type === 'vendor.changed') {
          const command: SocketCommand = { type: 'subscribeToVendor', vendorId: snapshot.context.vendorId };
          expect(replay.received.socket?.at(-1)).toEqual(command);
          expect(snapshot.context.subscribedVendorId).toBeNull();
        }
        if (step.event.type === 'order.updated') {
          const order = (step.event as unknown as { order: typeof today }).order;
          expect(replay.effects.at(-1)).toEqual({
            name: 'applyOrderUpdate',
            params: { order, target: order === yesterday ? 'history' : 'tracking' },
          });
        }
        if (step.event.type.includes('staleCheck') && snapshot.matches({ fallbackRefresh: 'refreshing' })) {
          expect(snapshot.context.secondsSinceUpdate).toBeGreaterThan(60);
        }
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('liveOrders', paths));
});

describe('liveOrders: spec', () => {
  const refreshCounter = () => {
    const calls: string[] = [];
    const logic = fromPromise<void, { vendorId: string }>(async ({ input: { vendorId } }) => void calls.push(vendorId));
    return { calls, logic };
  };
  const quietSocket = fromCallback<SocketCommand, SocketInput>(() => () => {});
  // SimulatedClock fires one round of timers per increment, so time advances check by check.
  const advance = (clock: SimulatedClock, ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 5000) clock.increment(5000);
  };

  it('without guest or dynamic estimation, refreshes only after 300 s without updates, checked every 5 s', async () => {
    const clock = new SimulatedClock();
    const { calls, logic } = refreshCounter();
    const actor = createActor(liveOrdersMachine.provide({ actors: { socket: quietSocket, refreshOrders: logic } }), {
      input: { ...input, isGuest: false },
      clock,
    }).start();
    advance(clock, 300_000);
    expect(calls).toEqual([]);
    advance(clock, 5000);
    expect(calls).toEqual(['vendor-1']);
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'order.updated', order: today });
    advance(clock, 300_000);
    expect(calls).toHaveLength(1);
  });

  it('with dynamic estimation, refreshes after 60 s', () => {
    const clock = new SimulatedClock();
    const { calls, logic } = refreshCounter();
    createActor(liveOrdersMachine.provide({ actors: { socket: quietSocket, refreshOrders: logic } }), {
      input: { ...input, isGuest: false, dynamicTimeEstimation: true },
      clock,
    }).start();
    advance(clock, 60_000);
    expect(calls).toEqual([]);
    advance(clock, 5000);
    expect(calls).toEqual(['vendor-1']);
  });
});
