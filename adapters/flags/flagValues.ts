// How a flag's variation reads as a boolean or an object: one rule for the OpenFeature provider
// (portalFlagsProvider.ts) and for the fallback reader used outside any flag root, which works without
// the OpenFeature SDK so the SDK can load after the app's first JavaScript.
import type { FlagJson, FlagValue } from '../ports';

/** Boolean variations some flag files write as words (`"true"`, `"on"`). */
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { true: true, on: true, false: false, off: false };

/** The variation as a boolean, words included; undefined when it is not one. */
export function booleanVariation(value: FlagValue | undefined): boolean | undefined {
  const read = typeof value === 'string' ? BOOLEAN_WORDS[value.toLowerCase()] : value;
  return typeof read === 'boolean' ? read : undefined;
}

/** The variation when it is a JSON object or list; undefined otherwise. */
export function objectVariation(value: FlagValue | undefined): Record<string, FlagJson> | FlagJson[] | undefined {
  return typeof value === 'object' && value !== null ? value : undefined;
}
