import { useMessage } from '../../i18n/useMessage';

/** An inline error key (or a literal SPEC text) translated, or null when there is none. */
export function useFieldError(): (key: string | null | undefined, values?: Record<string, string | number>) => string | null {
  const message = useMessage();
  return (key, values) => (key ? message(key, values) : null);
}
