import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { createEmptyActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';

// Transition coverage of the model-based tests: every transition of a machine (state × event × guard
// branch, including `after`, `always`, done and error events) is listed from the machine's StateNode
// tree, and the replay records which ones the shipped machine actually took (from XState's inspection
// microsteps). A transition no path takes must be listed in unreachable-transitions.json with a reason.

interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[] | undefined;
}

/** A readable name for a guard: its declared name, or `inline` for an anonymous function. */
function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    const shown = params === undefined || typeof params === 'function' ? undefined : JSON.stringify(params);
    return shown === undefined ? type : `${type}(${shown})`;
  }
  if (typeof guard === 'function') {
    // and()/or()/not() keep their operands in `guards` / `guard`.
    const composite = guard as { name?: string; guards?: unknown[]; guard?: unknown };
    if (Array.isArray(composite.guards)) return `${composite.name || 'guards'}(${composite.guards.map(guardName).join(', ')})`;
    if (composite.guard !== undefined) return `not(${guardName(composite.guard)})`;
    return composite.name && composite.name !== 'guard' ? composite.name : 'inline';
  }
  return 'inline';
}

/** Source state path without the machine id, e.g. `flow.review` (or `(root)`). */
function sourcePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(root)' : node.path.join('.');
}

function targetsOf(transition: TransitionLike): string {
  const targets = transition.target ?? [];
  return targets.length === 0 ? '(stays)' : targets.map((target) => sourcePath(target)).join(', ');
}

/** The stable name of one transition: `<state> on <event>[ #n][ if <guard>] → <targets>`. */
export function transitionName(transition: TransitionLike): string {
  const node = transition.source;
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  const branches = (transition.eventType === '' ? node.always : node.transitions.get(transition.eventType)) ?? [];
  const index = (branches as unknown[]).indexOf(transition);
  const guard = guardName(transition.guard);
  const branch = branches.length > 1 ? ` #${index + 1}` : '';
  // Timer and actor ids repeat the state node id: keep them short.
  const shortEvent = event.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
  return `${sourcePath(node)} on ${shortEvent}${branch}${guard ? ` if ${guard}` : ''} → ${targetsOf(transition)}`;
}

/** Every transition of the machine, walking the StateNode tree depth first, in definition order. */
export function listTransitions(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const branches of node.transitions.values()) for (const transition of branches) names.push(transitionName(transition));
    for (const transition of node.always ?? []) names.push(transitionName(transition));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return [...new Set(names)];
}

/** The transitions taken, per test file and machine id, collected across every replay of that file. */
const taken = new Map<string, Set<string>>();

/**
 * The test file and the machine: the files of the `pure` project share this module (one module graph
 * per worker), and one file's paths must not cover another's transitions.
 */
const takenKey = (machine: AnyStateMachine) => `${expect.getState().testPath ?? ''}\0${machine.id}`;

/** An inspector for createActor that records the transitions the root actor of `machine` takes. */
export function recordTransitions(machine: AnyStateMachine): (event: InspectionEvent) => void {
  const key = takenKey(machine);
  const set = taken.get(key) ?? new Set<string>();
  taken.set(key, set);
  let rootId: string | undefined;
  return (event) => {
    // The first actor created is the root; invoked and spawned children have their own machines.
    rootId ??= event.rootId;
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== rootId) return;
    const transitions = (event as unknown as { _transitions: TransitionLike[] })._transitions;
    for (const transition of transitions) set.add(transitionName(transition));
  };
}

export function takenTransitions(machine: AnyStateMachine): ReadonlySet<string> {
  return taken.get(takenKey(machine)) ?? new Set();
}

export type UnreachableList = Record<string, Record<string, string>>;

export function unreachableTransitions(machineName: string): Record<string, string> {
  const all = JSON.parse(readFileSync(new URL('./unreachable-transitions.json', import.meta.url), 'utf8')) as UnreachableList;
  return all[machineName] ?? {};
}

export interface Coverage {
  all: string[];
  taken: string[];
  /** Neither taken by any path nor listed as unreachable: these fail the test. */
  missed: string[];
  /** Listed as unreachable but taken after all, or not a transition of the machine any more. */
  staleUnreachable: string[];
}

export function coverageOf(machineName: string, machine: AnyStateMachine): Coverage {
  const all = listTransitions(machine);
  const walked = takenTransitions(machine);
  const unreachable = unreachableTransitions(machineName);
  return {
    all,
    taken: all.filter((name) => walked.has(name)),
    missed: all.filter((name) => !walked.has(name) && !(name in unreachable)),
    staleUnreachable: Object.keys(unreachable).filter((name) => walked.has(name) || !all.includes(name)),
  };
}

/** An edge of the traversal: one event from one state, and the transitions its macrostep takes. */
export interface Edge {
  from: string;
  event: EventObject;
  to: AnyMachineSnapshot;
  transitions: string[];
}

/**
 * The machine as traversal logic whose `transition` also records, per (state, event) edge, the
 * transitions the macrostep took (from the same inspection microsteps the replay listens to).
 */
export function recordingLogic(
  machine: AnyStateMachine,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
): { logic: AnyStateMachine; edges: Map<string, Edge>; initial: (input: unknown) => string[] } {
  const edges = new Map<string, Edge>();
  let current: string[] = [];
  const record = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of (event as unknown as { _transitions: TransitionLike[] })._transitions) current.push(transitionName(transition));
  };
  const scopes = new WeakMap<object, AnyActorScope>();
  const recordingScope = (scope: AnyActorScope): AnyActorScope => {
    let wrapped = scopes.get(scope);
    if (!wrapped) {
      wrapped = { ...scope, system: { ...scope.system, _sendInspectionEvent: record } } as AnyActorScope;
      scopes.set(scope, wrapped);
    }
    return wrapped;
  };
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => {
    current = [];
    const next = machine.transition(snapshot, event, recordingScope(scope));
    const from = serializeState(snapshot);
    edges.set(edgeKey(from, event), { from, event, to: next, transitions: [...new Set(current)] });
    return next;
  };
  const initial = (input: unknown) => {
    current = [];
    const empty = createEmptyActor();
    const scope = {
      self: empty,
      logger: () => {},
      id: '',
      sessionId: 'coverage',
      defer: () => {},
      system: empty.system,
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as AnyActorScope;
    machine.getInitialSnapshot(recordingScope(scope), input);
    return [...new Set(current)];
  };
  return { logic, edges, initial };
}

/**
 * Events as the traversal tells them apart. An Error serializes as `{}` in JSON, so two error samples
 * (a signature expiry and a server error) would be one event and the second would hide the first:
 * errors are written as their name and message.
 */
export const serializeEvent = (event: EventObject): string =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { error: value.name, message: value.message } : value));

export const edgeKey = (from: string, event: EventObject) => `${from}\u0000${serializeEvent(event)}`;
