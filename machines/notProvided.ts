import { fromCallback, fromPromise, type EventObject } from 'xstate';

// Machines declare their effects; the app (or a test) supplies them through machine.provide().
// These defaults fail loudly so a missing implementation is never mistaken for a silent success.

export function promiseNotProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
}

export function callbackNotProvided<TReceived extends EventObject, TInput>(name: string) {
  return fromCallback<TReceived, TInput>(() => {
    throw new Error(`${name} not provided`);
  });
}
