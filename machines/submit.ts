import { assign, fromPromise, setup } from 'xstate';

// A one-shot form submission: idle → submitting → succeeded, or back to idle with the error message
// (the form keeps what the user typed). The work itself is provided by the screen's composition.

export interface SubmitContext {
  /** A catalogue key or server message of the last failure. */
  error: string | null;
  /** What the work answered, once it succeeded. */
  result: unknown;
}

/** `input` is what the provided work receives; the factory's type parameter keeps callers honest. */
export type SubmitEvent = { type: 'submit'; input: unknown } | { type: 'reset' };

/** The API's error shape carries a translation key in errors[0].meta, or a message (API.md). */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const withKey = error as { translationKey?: unknown; message?: unknown };
    if (typeof withKey.translationKey === 'string' && withKey.translationKey !== '') return withKey.translationKey;
    if (typeof withKey.message === 'string' && withKey.message !== '') return withKey.message;
  }
  return fallback;
}

export function createSubmitMachine<TInput>(work: (input: TInput) => Promise<unknown>, fallbackError: string) {
  return setup({
    types: { context: {} as SubmitContext, events: {} as SubmitEvent },
    // The only sender is the screen that created this machine with the same TInput.
    actors: { work: fromPromise<unknown, unknown>(({ input }) => work(input as TInput)) },
    actions: {
      // Runs on the actor's error event, which setup() does not list among the machine's events.
      recordError: assign({ error: ({ event }) => errorMessageOf((event as { error?: unknown }).error, fallbackError) }),
    },
  }).createMachine({
    id: 'submit',
    context: { error: null, result: null },
    initial: 'idle',
    states: {
      idle: { on: { submit: 'submitting' } },
      submitting: {
        entry: assign({ error: null }),
        invoke: {
          src: 'work',
          input: ({ event }: { event: SubmitEvent }) => (event.type === 'submit' ? event.input : undefined),
          onDone: { target: 'succeeded', actions: assign({ result: ({ event }: { event: { output: unknown } }) => event.output }) },
          onError: { target: 'idle', actions: 'recordError' },
        },
      },
      succeeded: { on: { reset: 'idle' } },
    },
  });
}
