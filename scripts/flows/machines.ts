// The machines that have a flow page: every machine exported from machines/index.ts, by name without
// the `Machine` suffix. Pure (no Node API), so the Flows stories of the Storybook build use it too.
import type { AnyStateMachine } from 'xstate';
import * as allMachines from '../../machines';

export const flowMachines: readonly (readonly [string, AnyStateMachine])[] = Object.entries(allMachines)
  .filter(([name]) => name.endsWith('Machine'))
  .map(([name, machine]) => [name.replace(/Machine$/, ''), machine as AnyStateMachine] as const);
