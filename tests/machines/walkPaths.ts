import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type Actor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

// Model-based testing (STYLE.md §9): the paths are generated from the shipped machine, with the
// actors' done/error events and the timers' after-events listed explicitly, then each path is replayed
// on that same machine with controllable fake actors and a SimulatedClock.

type Snapshot = AnyMachineSnapshot;
export type ModelPath = StatePath<Snapshot, EventObject>;

/** An event the model may send: a machine event, or an actor's or a timer's event with its payload. */
export interface ModelEvent {
  type: string;
  [key: string]: unknown;
}

export interface PathModel {
  machine: AnyStateMachine;
  input?: unknown;
  /** Every event the model may send, including `xstate.done.actor.<id>`, `xstate.error.actor.<id>`
   * and `xstate.after.<delay>.<stateNodeId>` samples that reach both sides of each guard. */
  events: ModelEvent[] | ((snapshot: Snapshot) => ModelEvent[]);
  /** `simple` when the simple paths stay few; `shortest` where they explode. */
  strategy: 'simple' | 'shortest';
  /** What makes two snapshots the same state for the traversal (default: value + context). */
  serializeState?: (snapshot: Snapshot) => string;
  /** Actions that touch the outside world: replaced by recorders during replay. */
  effects?: string[];
  /** Actor ids implemented with fromCallback: replaced by fakes recording what they receive. */
  callbackActors?: string[];
  /** Upper bound on generated paths, to fail fast if a change makes the model explode. */
  maxPaths?: number;
}

export function generatePaths(model: PathModel): ModelPath[] {
  const generate = model.strategy === 'simple' ? getSimplePaths : getShortestPaths;
  const serializeState = model.serializeState;
  const paths = generate(model.machine as AnyActorLogic, {
    input: model.input,
    events: model.events,
    ...(serializeState ? { serializeState: (snapshot: Snapshot) => serializeState(snapshot) } : {}),
  }) as ModelPath[];
  if (model.maxPaths !== undefined && paths.length > model.maxPaths) {
    throw new Error(`${paths.length} paths exceed the model's bound of ${model.maxPaths}`);
  }
  return paths;
}

export function describePath(path: ModelPath): string {
  const labels = path.steps
    .map((step) => step.event.type)
    .filter((type) => type !== 'xstate.init')
    .map((type) => type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1'));
  // Consecutive repeats (a timer ticking) read better as one label with a count.
  const runs: { label: string; count: number }[] = [];
  for (const label of labels) {
    const last = runs.at(-1);
    if (last && last.label === label) last.count++;
    else runs.push({ label, count: 1 });
  }
  const end = JSON.stringify(path.state.value);
  const events = runs.map(({ label, count }) => (count > 1 ? `${label} ×${count}` : label));
  return events.length === 0 ? `starts in ${end}` : `${events.join(' → ')} ⇒ ${end}`;
}

export interface EffectCall {
  name: string;
  params: unknown;
}

export interface Replay {
  actor: Actor<AnyStateMachine>;
  clock: SimulatedClock;
  /** Effect actions performed, in order. */
  effects: EffectCall[];
  /** Inputs each promise actor was started with, by actor id, in order. */
  started: Record<string, unknown[]>;
  /** Events each callback actor received, by actor id. */
  received: Record<string, EventObject[]>;
  /** Callback actors currently running, by id. */
  running: Set<string>;
}

export type StateCheck = (snapshot: Snapshot, replay: Replay, step: ModelPath['steps'][number]) => void;

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function delayOf(machine: AnyStateMachine, eventType: string, snapshot: Snapshot, lastEvent: EventObject): number {
  const rest = eventType.slice('xstate.after.'.length);
  const delayName = rest.slice(0, rest.indexOf('.'));
  const asNumber = Number(delayName);
  if (Number.isFinite(asNumber)) return asNumber;
  const delay = (machine.implementations.delays as Record<string, unknown>)[delayName];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay({ context: snapshot.context, event: lastEvent }, undefined) as number;
  throw new Error(`delay ${delayName} is not declared in setup`);
}

/** Replays one generated path on the machine with fake actors, checking every step. */
export async function replayPath(model: PathModel, path: ModelPath, check?: StateCheck): Promise<Replay> {
  const pending = new Map<string, Pending>();
  const effects: EffectCall[] = [];
  const started: Record<string, unknown[]> = {};
  const received: Record<string, EventObject[]> = {};
  const running = new Set<string>();
  const callbackIds = new Set(model.callbackActors ?? []);

  const actorNames = Object.keys(model.machine.implementations.actors);
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      callbackIds.has(name)
        ? fromCallback(({ receive, input }) => {
            (started[name] ??= []).push(input);
            running.add(name);
            receive((event) => (received[name] ??= []).push(event));
            return () => running.delete(name);
          })
        : fromPromise(({ input, self }) => {
            (started[self.id] ??= []).push(input);
            return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
          }),
    ]),
  );
  const actions = Object.fromEntries(
    (model.effects ?? []).map((name) => [name, (_: unknown, params: unknown) => void effects.push({ name, params })]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(model.machine.provide({ actors, actions }), { input: model.input, clock });
  const replay: Replay = { actor, clock, effects, started, received, running };
  actor.start();
  await flush();

  let lastEvent: EventObject = { type: 'xstate.init' };
  for (const step of path.steps) {
    const { event } = step;
    if (event.type !== 'xstate.init') {
      const before = actor.getSnapshot();
      if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        const isDone = event.type.startsWith('xstate.done.actor.');
        const id = event.type.slice(isDone ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        const promise = pending.get(id);
        if (!promise) throw new Error(`${event.type}: no ${id} actor is running in ${JSON.stringify(before.value)}`);
        pending.delete(id);
        const payload = event as EventObject & { output?: unknown; error?: unknown };
        if (isDone) promise.resolve(payload.output);
        else promise.reject(payload.error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(model.machine, event.type, before, lastEvent));
      } else {
        actor.send(event);
      }
      await flush();
      lastEvent = event;
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, `after ${event.type}`).toEqual(step.state.value);
    // The replayed snapshot must be the state the model predicted, as the model tells states apart.
    if (model.serializeState) {
      expect(model.serializeState(snapshot), `state after ${event.type}`).toEqual(model.serializeState(step.state));
    } else {
      expect(snapshot.context, `context after ${event.type}`).toEqual(step.state.context);
    }
    check?.(snapshot, replay, step);
  }
  return replay;
}

export function stateKey(snapshot: Snapshot): string {
  return JSON.stringify(snapshot.value);
}

/** Writes the walked paths for `npm run flows` (scripts/flows.ts sets FLOWS_OUT). */
export function writePathList(machineName: string, descriptions: string[]): void {
  const out = process.env.FLOWS_OUT;
  if (!out) return;
  const lines = descriptions.map((description, index) => `${index + 1}. ${description.replaceAll('*', '\\*')}`);
  writeFileSync(`${out}/${machineName}.paths.md`, [`# ${machineName}: ${descriptions.length} paths`, '', ...lines, ''].join('\n'));
}

/** Prints `<machine>: N paths walked` and fails when a machine walks fewer paths than committed. */
export function checkPathCount(machineName: string, paths: ModelPath[]): void {
  writePathList(machineName, paths.map(describePath));
  const walked = paths.length;
  const committed = JSON.parse(readFileSync(new URL('./path-counts.json', import.meta.url), 'utf8')) as Record<string, number>;
  console.log(`${machineName}: ${walked} paths walked`);
  expect(committed[machineName], `${machineName} is missing from path-counts.json`).toBeTypeOf('number');
  expect(walked).toBeGreaterThanOrEqual(committed[machineName]);
}
