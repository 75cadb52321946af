import { expect } from 'vitest';
import {
  createActor,
  createEmptyActor,
  SimulatedClock,
  type Actor,
  type ActorLogic,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { cardFormOpen, cardFormPriceKey, paymentInputOf, paymentMachine, requestRiderMachine, type RequestRiderInput } from '../../machines';
import { checkOracles, type EffectOracle } from './oracles';
import { edgeKey, recordTransitions, serializeEvent, transitionName, type Edge } from './transitionCoverage';
import { answerActor, fakeActors, flush, transitionCoveringPaths, type EffectCall, type FakeActorRecords, type ModelPath } from './walkPaths';

// The online payment flow as a whole: the request machine and the payment machine (the card form)
// composed as the request screen composes them (machines/onlinePayment.ts): the card form runs while
// the request is on its payment step paying online, starts over when the price changes, and its
// renewed fee reaches the request. The composition is walked like a single machine: its paths come
// from xstate/graph over the pair of snapshots, then each is replayed on the two shipped machines
// with fake actors, checking the effect oracles and recording the transitions both machines take.

/** The composition's own transitions, named as the coverage report lists them. */
export const LINKS = {
  open: 'card form opens: online payment chosen on the payment step',
  close: 'card form closes: another method chosen, or back to the details',
  restart: 'card form starts over: the price changed (voucher applied or removed, fee renewed at another amount)',
  feeRenewed: 'the card form renewed the fee: the request shows it (fee.renewed)',
  paid: 'the card form paid: the order is placed and its tracking opens',
  redirect: 'the card form follows the provider page (3-D Secure)',
} as const;

/** A model event: for the request machine, or (`to: 'card'`) for the card form's payment machine. */
export interface FlowEvent extends EventObject {
  to?: 'card';
  [key: string]: unknown;
}

/** One state of the composition: both machines' snapshots and the price the card form was made for. */
export interface FlowSnapshot {
  value: { request: unknown; card: unknown };
  request: AnyMachineSnapshot;
  card: AnyMachineSnapshot | null;
  cardPrice: string | null;
}

export interface FlowModel {
  input: RequestRiderInput;
  currency: string;
  /** Events that bring the request to where the walk starts (replayed before every path). */
  prefix: FlowEvent[];
  events: (state: FlowSnapshot) => FlowEvent[];
  serializeState: (state: FlowSnapshot) => string;
  /** Effect actions of either machine, recorded instead of performed. */
  effects: { request: string[]; card: string[] };
  oracles: EffectOracle<FlowStepView>[];
}

/** A generated path: the states it goes through and the event that leads to each (xstate/graph's StatePath). */
export interface FlowPath {
  state: FlowSnapshot;
  steps: { state: FlowSnapshot; event: FlowEvent }[];
  weight: number;
}

const flowState = (request: AnyMachineSnapshot, card: AnyMachineSnapshot | null, cardPrice: string | null): FlowSnapshot => ({
  value: { request: request.value, card: card?.value ?? 'closed' },
  request,
  card,
  cardPrice,
});

/** The card form follows the request as the screen makes it (machines/onlinePayment.ts). */
function composeCardForm(
  request: AnyMachineSnapshot,
  card: AnyMachineSnapshot | null,
  cardPrice: string | null,
  open: (price: string) => AnyMachineSnapshot,
  links: string[],
): FlowSnapshot {
  if (!cardFormOpen(request as never)) {
    if (card) links.push(LINKS.close);
    return flowState(request, null, null);
  }
  const price = cardFormPriceKey(request.context);
  if (card && price === cardPrice) return flowState(request, card, cardPrice);
  links.push(card ? LINKS.restart : LINKS.open);
  return flowState(request, open(price), price);
}

/** The traversal's logic: one event to one machine, then the composition, recording the transitions. */
function flowLogic(model: FlowModel, edges: Map<string, Edge>): ActorLogic<FlowSnapshot & { status: 'active'; output: undefined; error: undefined }, FlowEvent, RequestRiderInput> {
  let taken: string[] = [];
  let actions: { type: string; params: unknown }[] = [];
  const recordingScope = (prefix: string): AnyActorScope => {
    const empty = createEmptyActor();
    const record = (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of (event as unknown as { _transitions: Parameters<typeof transitionName>[0][] })._transitions) taken.push(`${prefix}: ${transitionName(transition)}`);
    };
    return {
      self: empty,
      logger: () => {},
      id: '',
      sessionId: prefix,
      defer: () => {},
      system: { ...empty.system, _sendInspectionEvent: record },
      stopChild: () => {},
      emit: () => {},
      actionExecutor: (action: { type: string; params: unknown }) => void actions.push({ type: action.type, params: action.params }),
    } as unknown as AnyActorScope;
  };
  const requestScope = recordingScope('request');
  const cardScope = recordingScope('card');
  const openCard = (request: AnyMachineSnapshot) => () => paymentMachine.getInitialSnapshot(cardScope, paymentInputOf(request.context, model.currency));

  const step = (state: FlowSnapshot, event: FlowEvent): FlowSnapshot => {
    let { request, card } = state;
    actions = [];
    if (event.to === 'card') {
      if (!card) return state;
      card = paymentMachine.transition(card, event as never, cardScope);
      for (const action of actions) {
        if (action.type === 'feeRenewed') {
          taken.push(LINKS.feeRenewed);
          request = requestRiderMachine.transition(request, { type: 'fee.renewed', ...(action.params as object) } as never, requestScope);
        }
        if (action.type === 'paymentSucceeded') taken.push(LINKS.paid);
        if (action.type === 'redirect') taken.push(LINKS.redirect);
      }
    } else {
      request = requestRiderMachine.transition(request, event as never, requestScope);
    }
    return composeCardForm(request, card, state.cardPrice, openCard(request), taken);
  };

  const logic = {
    transition: (state: FlowSnapshot, event: FlowEvent) => {
      taken = [];
      const next = step(state, event);
      const from = model.serializeState(state);
      edges.set(edgeKey(from, event), { from, event, to: next as never, transitions: [...new Set(taken)] });
      return next;
    },
    getInitialSnapshot: (_scope: unknown, input: RequestRiderInput) => {
      taken = [];
      const request = requestRiderMachine.getInitialSnapshot(requestScope, input);
      let state = composeCardForm(request, null, null, openCard(request), taken);
      for (const event of model.prefix) state = step(state, event);
      return state;
    },
  };
  return logic as never;
}

/** The composition's paths: shortest paths to every state, plus one per transition they miss. */
export function generateFlowPaths(model: FlowModel): FlowPath[] {
  const edges = new Map<string, Edge>();
  const logic = flowLogic(model, edges);
  const serializeState = (state: FlowSnapshot) => model.serializeState(state);
  // A bound on the traversal, to fail fast (not hang) if a change makes the composition explode.
  const options = { input: model.input, events: model.events, serializeState, serializeEvent, limit: 200_000 };
  const paths = getShortestPaths(logic as never, options as never) as unknown as FlowPath[];
  const extra = transitionCoveringPaths(paths as unknown as ModelPath[], edges, [], serializeState as never);
  return [...paths, ...(extra as unknown as FlowPath[])];
}

export function describeFlowPath(path: FlowPath): string {
  const labels = path.steps
    .map((step) => step.event)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => `${event.to === 'card' ? 'card ' : ''}${event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')}`);
  return `${labels.length === 0 ? 'card form opens' : labels.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

/** One replayed step of the composition, as the oracles see it. */
export interface FlowStepView {
  event: FlowEvent;
  before: FlowSnapshot | null;
  after: FlowSnapshot;
  /** Effect actions of either machine during this step, named `request.<action>` or `card.<action>`. */
  effects: EffectCall[];
  /** The composition's transitions (LINKS) taken during this step. */
  links: string[];
  /** Inputs each fake actor was started with, over the path so far, per machine. */
  started: { request: Record<string, unknown[]>; card: Record<string, unknown[]> };
}

/** The composition's transitions the replays took, across the test file. */
export const takenLinks = new Set<string>();

/** Replays one path on the shipped request and payment machines, composed as the screen composes them. */
export async function replayFlowPath(model: FlowModel, path: FlowPath): Promise<FlowStepView[]> {
  const clock = new SimulatedClock();
  const effects: EffectCall[] = [];
  const records = (): FakeActorRecords => ({ pending: new Map(), started: {}, received: {}, running: new Set(), callbackIds: new Set() });
  const requestRecords = records();
  const cardStarted: Record<string, unknown[]> = {};
  let cardRecords: FakeActorRecords | null = null;
  const recorders = (owner: 'request' | 'card', names: string[]) =>
    Object.fromEntries(names.map((name) => [name, (_: unknown, params: unknown) => void effects.push({ name: `${owner}.${name}`, params })]));

  const requestActor: Actor<AnyStateMachine> = createActor(
    requestRiderMachine.provide({ actors: fakeActors(requestRiderMachine, requestRecords) as never, actions: recorders('request', model.effects.request) }),
    { input: model.input, clock, inspect: recordTransitions(requestRiderMachine) },
  );
  let card: { actor: Actor<AnyStateMachine>; price: string } | null = null;
  let links: string[] = [];

  const openCard = (price: string) => {
    // Each card form is a new payment actor with its own running calls; what they were started with adds up.
    cardRecords = { ...records(), started: cardStarted };
    const actions = {
      ...recorders('card', model.effects.card),
      feeRenewed: (_: unknown, params: unknown) => {
        effects.push({ name: 'card.feeRenewed', params });
        links.push(LINKS.feeRenewed);
        requestActor.send({ type: 'fee.renewed', ...(params as object) });
      },
      paymentSucceeded: (_: unknown, params: unknown) => void (effects.push({ name: 'card.paymentSucceeded', params }), links.push(LINKS.paid)),
      redirect: (_: unknown, params: unknown) => void (effects.push({ name: 'card.redirect', params }), links.push(LINKS.redirect)),
    };
    const actor = createActor(paymentMachine.provide({ actors: fakeActors(paymentMachine, cardRecords) as never, actions: actions as never }), {
      input: paymentInputOf(requestActor.getSnapshot().context, model.currency),
      clock,
      inspect: recordTransitions(paymentMachine),
    });
    actor.start();
    return { actor, price };
  };
  const compose = () => {
    const previous: { actor: Actor<AnyStateMachine>; price: string } | null = card;
    let opened: typeof card = null;
    const next = composeCardForm(requestActor.getSnapshot(), previous?.actor.getSnapshot() ?? null, previous?.price ?? null, (price) => (opened = openCard(price)).actor.getSnapshot(), links);
    // A closed or restarted card form unmounts: its payment actor stops with its running calls.
    if (previous && next.card !== previous.actor.getSnapshot()) previous.actor.stop();
    card = next.card === null ? null : (opened ?? previous);
  };
  const current = (): FlowSnapshot => flowState(requestActor.getSnapshot(), card?.actor.getSnapshot() ?? null, card?.price ?? null);

  const send = async (event: FlowEvent) => {
    const target = event.to === 'card' ? card : { actor: requestActor };
    const pending = event.to === 'card' ? cardRecords?.pending : requestRecords.pending;
    if (!target || !pending) throw new Error(`${event.type}: the card form is closed`);
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      answerActor(pending, event, target.actor.getSnapshot().value);
    } else {
      const { to: _to, ...machineEvent } = event;
      target.actor.send(machineEvent as EventObject);
    }
    await flush();
    compose();
    await flush();
  };

  requestActor.start();
  await flush();
  compose();
  for (const event of model.prefix) await send(event);
  for (const link of links) takenLinks.add(link);

  const views: FlowStepView[] = [];
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    const before = current();
    const effectsBefore = effects.length;
    links = [];
    await send(step.event);
    const after = current();
    expect(after.value, `after ${step.event.type}`).toEqual(step.state.value);
    expect(model.serializeState(after), `state after ${step.event.type}`).toEqual(model.serializeState(step.state));
    for (const link of links) takenLinks.add(link);
    const view: FlowStepView = {
      event: step.event,
      before,
      after,
      effects: effects.slice(effectsBefore),
      links: [...links],
      started: { request: requestRecords.started, card: cardStarted },
    };
    views.push(view);
    checkOracles(model.oracles, [view], 'step');
  }
  checkOracles(model.oracles, views, 'path');
  (card as { actor: Actor<AnyStateMachine> } | null)?.actor.stop();
  requestActor.stop();
  return views;
}
