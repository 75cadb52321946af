// The machines that have a flow page: every machine exported from machines/index.ts, by name without
// the `Machine` suffix, then the composed models, which are no exported machine. Pure (no Node API),
// so the Flows stories of the Storybook build use it too.
import type { AnyStateMachine } from 'xstate';
import * as allMachines from '../../machines';
import { createSubmitMachine } from '../../machines/submit';

export const flowMachines: readonly (readonly [string, AnyStateMachine])[] = [
  ...Object.entries(allMachines)
    .filter(([name]) => name.endsWith('Machine'))
    .map(([name, machine]) => [name.replace(/Machine$/, ''), machine as AnyStateMachine] as const),
  // The one-shot form submission of registration, password reset and guest start is a factory: every
  // form's machine has this chart (tests/machines/submit.test.ts walks one made the same way).
  // Its work fails loudly, as every effect a machine declares without its screen (machines/notProvided.ts).
  ['submit', createSubmitMachine(() => Promise.reject(new Error('work not provided')), 'error.offline')],
];

/**
 * A flow of several machines walked as one model (its test composes them as the screens do): its page
 * shows each machine's chart, the composition's transitions and the paths, whose end states are
 * `{ <part>: <state of that machine> }`.
 */
export interface ComposedFlow {
  name: string;
  /** Each composed machine under the key the model's state value gives it. */
  parts: readonly { key: string; title: string; machine: AnyStateMachine }[];
}

export const composedFlows: readonly ComposedFlow[] = [
  {
    // tests/machines/onlinePayment.test.ts: the request on its payment step and the card form.
    name: 'onlinePayment',
    parts: [
      { key: 'request', title: 'Request a rider (requestRider)', machine: allMachines.requestRiderMachine },
      { key: 'card', title: 'Card form (payment)', machine: allMachines.paymentMachine },
    ],
  },
];
