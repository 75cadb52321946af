import { useState } from 'react';

/**
 * A controlled input's value held in a story, so what is typed shows, while every change still
 * reaches the story's `fn()` spy in the actions panel and in play functions.
 */
export function useHeldValue<T>(initial: T, report: (next: T) => void): [T, (next: T) => void] {
  const [value, setValue] = useState(initial);
  const change = (next: T) => {
    setValue(next);
    report(next);
  };
  return [value, change];
}
