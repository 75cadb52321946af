import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import { TOAST_DEFAULT_MS, toastQueue, type Toast, type ToastRequest } from './toastQueue';

interface ToastApi {
  toasts: readonly Toast[];
  show: (request: ToastRequest) => void;
  dismiss: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toast queue; machines' toast actions (provided in src/app/machines.ts) and views feed it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastQueue, []);
  const show = useCallback((request: ToastRequest) => {
    dispatch({ type: 'show', toast: { ...request, durationMs: request.durationMs ?? TOAST_DEFAULT_MS, id: crypto.randomUUID() } });
  }, []);
  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);
  const api = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts outside ToastProvider');
  return api;
}
