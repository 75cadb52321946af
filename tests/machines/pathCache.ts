import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createEmptyActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { serializeEvent } from './transitionCoverage';

// The generated paths of a model, kept across the runs of one mutation run (`npm run test:mutation`).
// Stryker's vitest runner starts the test file again for every mutant, and a model test generates its
// paths while the file is collected: requestRider spent about 8 s of CPU per mutant doing it. The
// mutant is switched on only after collection, so every run generated the same paths from the
// original machine. This cache keeps them as event sequences and rebuilds the snapshots by running the
// events through the machine, which is the one step of the traversal that cannot be skipped (the replay
// and the checks read the snapshots), without exploring every event from every state.
// Only vitest.mutation.config.ts turns it on (MUTATION_PATH_CACHE, a directory inside Stryker's
// sandbox, so a new run starts empty); `npm test` never sets it and generates the paths itself.

type Snapshot = AnyMachineSnapshot;
type ModelPath = StatePath<Snapshot, EventObject>;
type Events = readonly EventObject[] | ((snapshot: Snapshot) => readonly EventObject[]);

/** What a model's paths are made of: the machine, its input and its event samples. */
export interface CacheableModel {
  machine: AnyStateMachine;
  input?: unknown;
  events: Events;
}

/** How one step's event is found again: its index among the model's samples at that state, or the
 * event itself when it is a bare `{ type }` (never an Error or a Date, which JSON would change). */
type EventRef = number | { type: string };

interface CachedPaths {
  /** The prefix tree of every path: node 0 is the initial state, node i is `[parent, event]`. */
  nodes: [number, EventRef][];
  /** Each node's serialized event and state, checked when the node is rebuilt. */
  eventKeys: string[];
  stateKeys: string[];
  /** Each path as the node it ends at (its steps are that node's ancestors) and its weight. */
  paths: [number, number][];
}

/**
 * The cache's directory, when the cache is on and no mutant is active yet. A mutant Stryker switches
 * on before the file loads (a static mutant, measured with `--ignoreStatic false`) changes the paths
 * themselves: those are neither read nor written.
 */
export function pathCacheDirectory(): string | undefined {
  const stryker = (globalThis as { __stryker__?: { activeMutant?: unknown } }).__stryker__;
  if (stryker?.activeMutant !== undefined) return undefined;
  return process.env.MUTATION_PATH_CACHE || undefined;
}

/** How many models each test file generated so far: the n-th model of a file is the n-th entry. */
const modelsSeen = new Map<string, number>();

/** The cache file of the next model of the running test file, named after everything its paths
 * depend on: the test file's source, the model's place in it, the machine's definition (with its
 * functions' source, so a changed guard or action is a new entry) and its input. */
export function pathCacheFile(directory: string, model: CacheableModel): string {
  const testPath = expect.getState().testPath ?? '';
  const index = modelsSeen.get(testPath) ?? 0;
  modelsSeen.set(testPath, index + 1);
  const withSource = (_key: string, value: unknown) => (typeof value === 'function' ? String(value) : value);
  const hash = createHash('sha256');
  hash.update(testPath).update('\0').update(testPath ? readFileSync(testPath) : '').update(`\0${index}\0`);
  hash.update(JSON.stringify(model.machine.config, withSource) ?? '').update('\0');
  hash.update(JSON.stringify(model.input, withSource) ?? '');
  return join(directory, `${model.machine.id}-${hash.digest('hex').slice(0, 24)}.json`);
}

/** The actor scope the traversal of xstate/graph uses: no actor runs, no action is executed. */
function traversalScope(): AnyActorScope {
  const empty = createEmptyActor();
  const noop = () => {};
  return { self: empty, logger: console.log, id: '', sessionId: 'path-cache', defer: noop, system: empty.system, stopChild: noop, emit: noop, actionExecutor: noop } as unknown as AnyActorScope;
}

const samplesAt = (events: Events, snapshot: Snapshot) => (typeof events === 'function' ? events(snapshot) : events);

function eventRefOf(model: CacheableModel, before: Snapshot, event: EventObject): EventRef | null {
  const samples = samplesAt(model.events, before);
  const byIdentity = samples.indexOf(event);
  if (byIdentity >= 0) return byIdentity;
  const key = serializeEvent(event);
  const bySerial = samples.findIndex((sample) => serializeEvent(sample) === key);
  if (bySerial >= 0) return bySerial;
  return Object.keys(event).length === 1 ? { type: event.type } : null;
}

/** Writes the paths as event sequences; a path whose events cannot be named again is not cached. */
export function writePathCache(file: string, model: CacheableModel, paths: ModelPath[], serializeState: (snapshot: Snapshot) => string): void {
  const cached: CachedPaths = { nodes: [[-1, -1]], eventKeys: [''], stateKeys: [], paths: [] };
  const children = new Map<string, number>();
  for (const path of paths) {
    const [first, ...rest] = path.steps;
    if (!first) return;
    cached.stateKeys[0] ??= serializeState(first.state);
    let node = 0;
    let before = first.state;
    for (const step of rest) {
      const ref = eventRefOf(model, before, step.event);
      if (ref === null) return;
      const childKey = `${node}\0${JSON.stringify(ref)}`;
      let child = children.get(childKey);
      if (child === undefined) {
        child = cached.nodes.length;
        children.set(childKey, child);
        cached.nodes.push([node, ref]);
        cached.eventKeys.push(serializeEvent(step.event));
        cached.stateKeys.push(serializeState(step.state));
      }
      node = child;
      before = step.state;
    }
    cached.paths.push([node, path.weight]);
  }
  mkdirSync(join(file, '..'), { recursive: true });
  // Two test runners may write the same entry: each writes its own file, then renames it in place.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, JSON.stringify(cached));
  renameSync(partial, file);
}

function readCached(file: string): CachedPaths | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CachedPaths;
  } catch {
    return null;
  }
}

/**
 * The cached paths with their snapshots made again by the machine, or null when there is no entry
 * or a rebuilt event or state is not the one cached (the caller then generates the paths).
 */
export function readPathCache(file: string, model: CacheableModel, serializeState: (snapshot: Snapshot) => string): ModelPath[] | null {
  const cached = readCached(file);
  if (!cached) return null;
  const scope = traversalScope();
  const snapshots: Snapshot[] = [model.machine.getInitialSnapshot(scope, model.input) as Snapshot];
  const events: EventObject[] = [{ type: 'xstate.init' }];
  if (serializeState(snapshots[0] as Snapshot) !== cached.stateKeys[0]) return null;
  for (let index = 1; index < cached.nodes.length; index++) {
    const [parent, ref] = cached.nodes[index] as [number, EventRef];
    const before = snapshots[parent] as Snapshot;
    const event = typeof ref === 'number' ? samplesAt(model.events, before)[ref] : ref;
    if (!event || serializeEvent(event) !== cached.eventKeys[index]) return null;
    const next = model.machine.transition(before, event, scope) as Snapshot;
    if (serializeState(next) !== cached.stateKeys[index]) return null;
    snapshots.push(next);
    events.push(event);
  }
  return cached.paths.map(([end, weight]) => {
    const chain: number[] = [];
    for (let node = end; node > 0; node = (cached.nodes[node] as [number, EventRef])[0]) chain.unshift(node);
    const steps = [0, ...chain].map((node) => ({ state: snapshots[node] as Snapshot, event: events[node] as EventObject }));
    return { state: snapshots[end] as Snapshot, steps, weight };
  });
}
