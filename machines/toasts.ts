// Typed params of the `toast` action every machine declares and the app provides.
export type ToastKind = 'error' | 'warning' | 'info' | 'success';

export interface ToastParams {
  kind: ToastKind;
  /** A translation key or, where SPEC.md quotes a literal text, that text. */
  message: string;
  values?: Record<string, string | number>;
  durationMs?: number;
  /** Toasts of one errand share a topic: a new one replaces the one before ('attempting' gives way to
   * 'done' or 'failed') instead of stacking under it. */
  topic?: string;
}
