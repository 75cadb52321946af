// The tab's one live socket (machines/liveChannel.ts): it carries every subscription the tab needs
// (live orders, the failing-webhooks banner), sends them all again on each socket it opens, reconnects
// 1 s after a drop (the only reconnect in the app), opens again with refreshed tokens, and stays
// closed after the server ended the session (API.md "Live updates").
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import type { LiveClientMessage } from '../../domain/api';
import { LIMITS } from '../../domain';
import {
  liveChannelMachine,
  RENEWED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type ChannelSocketCommand,
  type ChannelSocketInput,
  type LiveChannelContext,
  type LiveChannelInput,
} from '../../machines/liveChannel';
import { anOrder } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type PathModel } from './walkPaths';

const ORDERS: LiveClientMessage = { action: 'subscribeToVendor', vendor_id: 'v-1' };
const HEALTH: LiveClientMessage = { action: 'subscribeToWebhookHealth' };
const NEW_TOKEN = 'Bearer access-2|id-2';
const input: LiveChannelInput = { requests: [ORDERS] };
const update = { type: 'order_update' as const, order: anOrder('PICKED_UP') };

const events: ModelEvent[] = [
  { type: 'socket.opened' },
  { type: 'socket.closed', code: 1006 },
  { type: 'socket.closed', code: SESSION_ENDED_CLOSE_CODE },
  { type: 'socket.message', message: update },
  // The banner joins the live-orders screen, then the screen leaves.
  { type: 'requests.changed', requests: [ORDERS, HEALTH] },
  { type: 'requests.changed', requests: [HEALTH] },
  { type: 'session.renewed', authorization: NEW_TOKEN },
  { type: 'xstate.after.reconnectCheck.liveChannel.disconnected' },
];

const modelFrom = (start: LiveChannelInput): PathModel => ({
  machine: liveChannelMachine,
  input: start,
  strategy: 'shortest',
  effects: ['notifyOpened', 'notifyClosed', 'deliver'],
  callbackActors: ['socket'],
  events,
});

// A second start, with both subscriptions (the banner and the orders screen open): the orders screen
// leaving an open socket ([ORDERS, HEALTH] → [HEALTH]) is then the shortest way to its state, so it
// is walked, and the oracle sees that a subscription leaving sends nothing again.
const models = [modelFrom(input), modelFrom({ requests: [ORDERS, HEALTH] })];
const walks = models.flatMap((model) => generatePaths(model).map((path) => ({ model, path })));
const paths = walks.map(({ path }) => path);

describe('liveChannel: every path', () => {
  for (const [index, { model, path }] of walks.entries()) {
    it(`${index}: ${describePath(path)}`, async () => {
      let seen = 0;
      let received = 0;
      let requestsBefore = (model.input as LiveChannelInput).requests;
      let wasOpen = false;
      let wasConnected = false;
      await replayPath(model, path, (snapshot, replay, step) => {
        const context = snapshot.context as LiveChannelContext;
        const stepEffects = replay.effects.slice(seen);
        seen = replay.effects.length;
        const commands = (replay.received.socket ?? []) as ChannelSocketCommand[];
        const stepCommands = commands.slice(received);
        received = commands.length;
        const starts = (replay.started.socket ?? []) as ChannelSocketInput[];
        const { type } = step.event;
        const code = (step.event as { code?: number }).code;
        const open = snapshot.matches('open');

        // One socket at a time, living exactly while the channel is open, with the current tokens.
        expect(replay.running.has('socket')).toBe(open);
        if (open) expect(starts.at(-1)).toEqual({ authorization: context.authorization });

        // Effect oracle: every socket that opens is asked for every subscription the tab needs, so
        // after a reconnect both the orders and the webhook-health subscriptions are sent again.
        if (type === 'socket.opened' && open && !wasConnected) {
          expect(stepCommands).toEqual([{ type: 'send', requests: context.requests }]);
          expect(stepEffects.map((effect) => effect.name)).toEqual(['notifyOpened']);
        } else if (type === 'requests.changed' && snapshot.matches({ open: 'connected' })) {
          // Effect oracle: a subscription that joins an open socket is sent at once, and only it.
          const added = context.requests.filter((request) => !requestsBefore.includes(request));
          expect(stepCommands).toEqual([{ type: 'send', requests: added }]);
        } else {
          expect(stepCommands, `nothing sent on ${type}`).toEqual([]);
        }
        requestsBefore = context.requests;

        // Effect oracle: subscribers hear each close once, with its code (ours when renewing).
        const closes = stepEffects.filter((effect) => effect.name === 'notifyClosed');
        if (type === 'socket.closed') expect(closes).toEqual(wasOpen ? [{ name: 'notifyClosed', params: { code } }] : []);
        else if (type === 'session.renewed') expect(closes).toEqual(wasOpen ? [{ name: 'notifyClosed', params: { code: RENEWED_CLOSE_CODE } }] : []);
        else expect(closes).toEqual([]);
        if (type === 'session.renewed') {
          expect(open).toBe(true);
          expect(starts.at(-1)).toEqual({ authorization: NEW_TOKEN });
        }
        // Effect oracle: what the socket hears reaches the subscribers only while it is open.
        if (type === 'socket.message') {
          expect(stepEffects).toEqual(open ? [{ name: 'deliver', params: { message: update } }] : []);
        }
        // A session the server ended is not reconnected until it is renewed.
        if (code === SESSION_ENDED_CLOSE_CODE && wasOpen) expect(snapshot.value).toBe('sessionEnded');
        if (type === 'socket.closed' && code !== SESSION_ENDED_CLOSE_CODE && wasOpen) expect(snapshot.value).toBe('disconnected');
        wasOpen = open;
        wasConnected = snapshot.matches({ open: 'connected' });
      });
    });
  }

  it('covers every transition', () => checkPathCount('liveChannel', paths));
});

describe('liveChannel: spec', () => {
  it('reconnects 1 s after the socket closes and sends both subscriptions on the new socket', () => {
    const clock = new SimulatedClock();
    const sockets: { sent: LiveClientMessage[] }[] = [];
    const socket = fromCallback<ChannelSocketCommand, ChannelSocketInput>(({ receive }) => {
      const record = { sent: [] as LiveClientMessage[] };
      sockets.push(record);
      receive((command) => record.sent.push(...command.requests));
      return () => {};
    });
    const actor = createActor(liveChannelMachine.provide({ actors: { socket } }), { input: { requests: [ORDERS, HEALTH] }, clock }).start();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'socket.closed', code: 1006 });
    clock.increment(LIMITS.websocketReconnectCheckMs - 1);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    actor.send({ type: 'socket.opened' });
    expect(sockets.map((record) => record.sent)).toEqual([[ORDERS, HEALTH], [ORDERS, HEALTH]]);
  });
});
