import { useEffect, useRef } from 'react';

/** Brings a part of the form into view, and focuses its first invalid field, when `active` turns on
 * or `errorsKey` changes: on a phone the next step or the failing field is often off screen. */
export function useRevealOnEntry<T extends HTMLElement>(active: boolean, errorsKey = '') {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [active, errorsKey]);
  return ref;
}
