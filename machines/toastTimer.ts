import { setup } from 'xstate';

/** One toast's life: visible until its duration passes (paused while hovered or focused), then gone.
 * A machine with a named delay, so tests drive it with a simulated clock. */
export const toastTimerMachine = setup({
  types: {
    input: {} as { durationMs: number },
    context: {} as { durationMs: number },
    events: {} as { type: 'pause' } | { type: 'resume' } | { type: 'close' },
  },
  delays: {
    duration: ({ context }) => context.durationMs,
  },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => ({ durationMs: input.durationMs }),
  initial: 'visible',
  states: {
    visible: {
      after: { duration: 'expired' },
      on: { pause: 'paused', close: 'expired' },
    },
    paused: {
      on: { resume: 'visible', close: 'expired' },
    },
    expired: { type: 'final' },
  },
});
