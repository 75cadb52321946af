import { useCallback, useLayoutEffect, useRef } from 'react';

/** Radix's modal dialog returns focus to its Dialog.Trigger on close; our drawers and dialogs open from
 * state instead (an order row, a cancel button inside the drawer), so without this the focus falls to
 * the page body. Remembers what had focus when `open` became true and gives it back on close; pass the
 * result as Dialog.Content's onCloseAutoFocus. */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus scope (a passive effect) moves focus into the dialog.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return useCallback((event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus({ preventScroll: true });
  }, []);
}
