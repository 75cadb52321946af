import type { ToastKind, ToastParams } from '../../../machines/toasts';

export type { ToastKind };

/** SPEC §9: toasts last 3500 ms, 5000 ms in the request flow. */
export const TOAST_DEFAULT_MS = 3500;
export const TOAST_REQUEST_FLOW_MS = 5000;

/** A toast on screen. `message` is a catalogue key (or a literal SPEC text, itself a key in our
 * catalogues), translated when shown so a language change re-translates it. */
export interface Toast extends ToastParams {
  id: string;
  durationMs: number;
}

/** What machines' `toast` action and views ask for (machines/toasts.ts ToastParams). */
export type ToastRequest = ToastParams;

export type ToastQueueEvent = { type: 'show'; toast: Toast } | { type: 'dismiss'; id: string };

/** At most this many toasts stay on screen; the oldest goes first. */
export const MAX_VISIBLE_TOASTS = 4;

export function toastQueue(state: readonly Toast[], event: ToastQueueEvent): readonly Toast[] {
  switch (event.type) {
    case 'show': {
      // The same message already showing is not stacked twice, and a toast replaces its topic's last one.
      const { message, kind, topic } = event.toast;
      const others = state.filter((toast) => !(toast.message === message && toast.kind === kind) && (topic === undefined || toast.topic !== topic));
      return [...others, event.toast].slice(-MAX_VISIBLE_TOASTS);
    }
    case 'dismiss':
      return state.filter((toast) => toast.id !== event.id);
  }
}
