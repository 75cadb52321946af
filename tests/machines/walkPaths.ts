import { writeFileSync } from 'node:fs';
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
import { getShortestPaths, getSimplePaths, serializeSnapshot, type StatePath } from 'xstate/graph';
import { checkOracles, type EffectOracle, type StepView } from './oracles';
import { pathCacheDirectory, pathCacheFile, readPathCache, writePathCache } from './pathCache';
import { coverageOf, edgeKey, recordingLogic, recordTransitions, serializeEvent, unreachableTransitions, type Coverage, type Edge } from './transitionCoverage';

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
  /** When each effect must and must not happen (from SPEC.md), checked on every step of every path. */
  oracles?: EffectOracle[];
}

/**
 * The model's paths: the simple or shortest paths of the traversal, then one more path for each
 * transition those paths never take (a loop back to a visited state, a guard's other branch from a
 * state that already has its path): the shortest path to a state that takes it, plus that event.
 */
export function generatePaths(model: PathModel): ModelPath[] {
  const serializeState = model.serializeState ? serializedOnce(model.serializeState) : (snapshot: Snapshot) => serializeSnapshot(snapshot);
  // Under Stryker only (vitest.mutation.config.ts): the paths of the first run, for every mutant.
  const cacheDirectory = pathCacheDirectory();
  if (!cacheDirectory) return traversePaths(model, serializeState);
  const cacheFile = pathCacheFile(cacheDirectory, model);
  const cached = readPathCache(cacheFile, model, serializeState);
  if (cached) return cached;
  const paths = traversePaths(model, serializeState);
  writePathCache(cacheFile, model, paths, serializeState);
  return paths;
}

function traversePaths(model: PathModel, serializeState: (snapshot: Snapshot) => string): ModelPath[] {
  const generate = model.strategy === 'simple' ? getSimplePaths : getShortestPaths;
  const { logic, edges, initial } = recordingLogic(model.machine, serializeState);
  const paths = generate(logic as AnyActorLogic, {
    input: model.input,
    events: model.events,
    serializeState: (snapshot: Snapshot) => serializeState(snapshot),
    serializeEvent,
  }) as ModelPath[];
  if (model.maxPaths !== undefined && paths.length > model.maxPaths) {
    throw new Error(`${paths.length} paths exceed the model's bound of ${model.maxPaths}`);
  }
  return [...paths, ...transitionCoveringPaths(paths, edges, initial(model.input), serializeState)];
}

/** Each serializer's answer per snapshot object, kept while the snapshot lives. */
const serializedStates = new WeakMap<(snapshot: Snapshot) => string, (snapshot: Snapshot) => string>();

/**
 * A model's serializeState, computed once per snapshot: the traversal asks for the same snapshot many
 * times (as a state reached, then as the source of each event sample), and each replay step compares
 * the replayed snapshot with the path's, a snapshot the traversal made and serialized already.
 * XState snapshots are immutable, so the answer cannot go stale. (requestRider's serializer runs the
 * order-form rule, phone parsing included: it was the largest part of that file's CPU.)
 */
function serializedOnce(serialize: (snapshot: Snapshot) => string): (snapshot: Snapshot) => string {
  let once = serializedStates.get(serialize);
  if (!once) {
    const answers = new WeakMap<Snapshot, string>();
    once = (snapshot: Snapshot) => {
      let answer = answers.get(snapshot);
      if (answer === undefined) {
        answer = serialize(snapshot);
        answers.set(snapshot, answer);
      }
      return answer;
    };
    serializedStates.set(serialize, once);
  }
  return once;
}

export function transitionCoveringPaths(paths: ModelPath[], edges: Map<string, Edge>, initial: string[], serializeState: (snapshot: Snapshot) => string): ModelPath[] {
  const covered = new Set(initial);
  const shortestTo = new Map<string, ModelPath>();
  for (const path of paths) {
    for (let index = 1; index < path.steps.length; index++) {
      const before = path.steps[index - 1];
      const step = path.steps[index];
      if (!before || !step) continue;
      for (const name of edges.get(edgeKey(serializeState(before.state), step.event))?.transitions ?? []) covered.add(name);
    }
    const end = serializeState(path.state);
    const known = shortestTo.get(end);
    if (!known || known.steps.length > path.steps.length) shortestTo.set(end, path);
  }
  const lengthTo = (edge: Edge) => shortestTo.get(edge.from)?.steps.length ?? Infinity;
  const candidates = [...edges.values()].filter((edge) => shortestTo.has(edge.from)).sort((a, b) => lengthTo(a) - lengthTo(b));
  const extra: ModelPath[] = [];
  for (const edge of candidates) {
    if (edge.transitions.every((name) => covered.has(name))) continue;
    for (const name of edge.transitions) covered.add(name);
    const prefix = shortestTo.get(edge.from) as ModelPath;
    extra.push({ state: edge.to, steps: [...prefix.steps, { state: edge.to, event: edge.event }], weight: prefix.weight + 1 });
  }
  return extra;
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

export interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/** Where the fake actors of a replay record what they are started with and wait for their answer. */
export interface FakeActorRecords {
  /** The answer each running promise actor waits for, by actor id (the model sends it). */
  pending: Map<string, Pending>;
  started: Record<string, unknown[]>;
  received: Record<string, EventObject[]>;
  running: Set<string>;
  callbackIds: ReadonlySet<string>;
}

/** Every actor of the machine replaced by a fake: a promise that answers only when the path says so,
 * or (for `callbackIds`) a callback that records the events it receives. */
export function fakeActors(machine: AnyStateMachine, records: FakeActorRecords): Record<string, AnyActorLogic> {
  // The records are read when an actor starts, not here: replayPath reuses one machine per model and
  // gives each replay fresh records.
  return Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      records.callbackIds.has(name)
        ? fromCallback(({ receive, input }) => {
            const { started, received, running } = records;
            (started[name] ??= []).push(input);
            running.add(name);
            receive((event) => (received[name] ??= []).push(event));
            return () => running.delete(name);
          })
        : fromPromise(({ input, self }) => {
            const { started, pending } = records;
            (started[self.id] ??= []).push(input);
            return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
          }),
    ]),
  );
}

/** Settles the fake promise actor a model's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` names. */
export function answerActor(pending: Map<string, Pending>, event: EventObject, where: unknown): void {
  const isDone = event.type.startsWith('xstate.done.actor.');
  const id = event.type.slice(isDone ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
  const promise = pending.get(id);
  if (!promise) throw new Error(`${event.type}: no ${id} actor is running in ${JSON.stringify(where)}`);
  pending.delete(id);
  const payload = event as EventObject & { output?: unknown; error?: unknown };
  if (isDone) promise.resolve(payload.output);
  else promise.reject(payload.error);
}

/** The model's machine with fake actors and effect recorders that write to the replay running now. */
interface ReplayMachine {
  machine: AnyStateMachine;
  records: FakeActorRecords;
  sink: { effects: EffectCall[] };
}

const replayMachines = new WeakMap<PathModel, ReplayMachine>();

/**
 * One provided machine per model instead of one per path: machine.provide builds the whole state-node
 * tree again, which for requestRider's thousands of paths was a sixth of the replay's CPU. The replays
 * of a file run one after the other; each starts with fresh records (replayPath).
 */
function replayMachineOf(model: PathModel): ReplayMachine {
  let entry = replayMachines.get(model);
  if (!entry) {
    const records: FakeActorRecords = { pending: new Map(), started: {}, received: {}, running: new Set(), callbackIds: new Set(model.callbackActors ?? []) };
    const sink = { effects: [] as EffectCall[] };
    const actions = Object.fromEntries(
      (model.effects ?? []).map((name) => [name, (_: unknown, params: unknown) => void sink.effects.push({ name, params })]),
    );
    entry = { machine: model.machine.provide({ actors: fakeActors(model.machine, records), actions }), records, sink };
    replayMachines.set(model, entry);
  }
  return entry;
}

/**
 * `expect(actual).toEqual(expected)` for strings and JSON-like values, asked of Vitest only when the
 * two differ: the same check and the same failure message, without Vitest's bookkeeping of an
 * assertion for every step of every path (a tenth of requestRider's CPU went to it).
 */
function expectSame(actual: unknown, expected: unknown, message: string): void {
  if (actual === expected) return;
  if (typeof actual !== 'string' && JSON.stringify(actual) === JSON.stringify(expected)) return;
  expect(actual, message).toEqual(expected);
}

/** Replays one generated path on the machine with fake actors, checking every step. */
export async function replayPath(model: PathModel, path: ModelPath, check?: StateCheck): Promise<Replay> {
  const { machine, records, sink } = replayMachineOf(model);
  const pending = new Map<string, Pending>();
  const effects: EffectCall[] = [];
  const started: Record<string, unknown[]> = {};
  const received: Record<string, EventObject[]> = {};
  const running = new Set<string>();
  Object.assign(records, { pending, started, received, running });
  sink.effects = effects;
  const serializeState = model.serializeState ? serializedOnce(model.serializeState) : null;

  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: model.input,
    clock,
    inspect: recordTransitions(model.machine),
  });
  const replay: Replay = { actor, clock, effects, started, received, running };
  const steps: StepView[] = [];
  let effectsBefore = 0;
  let before: Snapshot | null = null;
  actor.start();
  await flush();

  let lastEvent: EventObject = { type: 'xstate.init' };
  for (const step of path.steps) {
    const { event } = step;
    if (event.type !== 'xstate.init') {
      before = actor.getSnapshot();
      if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        answerActor(pending, event, before.value);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(model.machine, event.type, before, lastEvent));
      } else {
        actor.send(event);
      }
      await flush();
      lastEvent = event;
    }
    const snapshot = actor.getSnapshot();
    expectSame(snapshot.value, step.state.value, `after ${event.type}`);
    // The replayed snapshot must be the state the model predicted, as the model tells states apart.
    if (serializeState) {
      expectSame(serializeState(snapshot), serializeState(step.state), `state after ${event.type}`);
    } else {
      expect(snapshot.context, `context after ${event.type}`).toEqual(step.state.context);
    }
    check?.(snapshot, replay, step);
    const view: StepView = { event, before, after: snapshot, effects: effects.slice(effectsBefore), replay };
    steps.push(view);
    checkOracles(model.oracles, [view], 'step');
    effectsBefore = effects.length;
  }
  checkOracles(model.oracles, steps, 'path');
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

/** Writes every transition with whether a path took it, for the flow pages (scripts/flows/page.ts). */
export function writeTransitionList(machineName: string, coverage: Pick<Coverage, 'all' | 'taken'>, unreachable: Record<string, string>): void {
  const out = process.env.FLOWS_OUT;
  if (!out) return;
  const taken = new Set(coverage.taken);
  const list = coverage.all.map((name) => (taken.has(name) ? { name, taken: true } : { name, taken: false, ...(name in unreachable ? { unreachable: unreachable[name] } : {}) }));
  writeFileSync(`${out}/${machineName}.transitions.json`, `${JSON.stringify(list, null, 1)}\n`);
}

/** `4 426`: thousands grouped with a space, as the report reads. */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * Prints `<machine>: 143/143 transitions, 4 426 paths` and fails when a transition of the machine is
 * taken by no walked path and not listed with a reason in unreachable-transitions.json (or when that
 * list names a transition that is taken after all, or no longer exists). Call it after the replays.
 */
export function checkPathCount(machineName: string, paths: ModelPath[]): void {
  writePathList(machineName, paths.map(describePath));
  const machine = paths[0]?.state.machine as AnyStateMachine | undefined;
  expect(machine, `${machineName}: no paths were generated`).toBeDefined();
  if (!machine) return;
  const coverage = coverageOf(machineName, machine);
  const unreachable = coverage.all.length - coverage.taken.length - coverage.missed.length;
  console.log(
    `${machineName}: ${coverage.taken.length}/${coverage.all.length} transitions` +
      `${unreachable > 0 ? ` (${unreachable} listed unreachable)` : ''}, ${grouped(paths.length)} paths`,
  );
  writeTransitionList(machineName, coverage, unreachableTransitions(machineName));
  expect(coverage.missed, `${machineName}: transitions no path takes (add an event sample, or list them in unreachable-transitions.json with a reason)`).toEqual([]);
  expect(coverage.staleUnreachable, `${machineName}: unreachable-transitions.json lists transitions that are taken or do not exist`).toEqual([]);
}

/** The same check under the name it has now: transition coverage, with the path count printed. */
export const checkTransitionCoverage = checkPathCount;
