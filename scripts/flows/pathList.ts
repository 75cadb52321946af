// Reads <machine>.paths.md, written by the model tests (tests/machines/walkPaths.ts writePathList)
// when FLOWS_OUT is set, back into entries with the state each path ends in.
import type { StateValue } from 'xstate';

export interface WalkedPath {
  /** The line as walkPaths' describePath wrote it: `event → event ⇒ end state`. */
  description: string;
  /** State node paths the end state is in, outermost first, e.g. ['steps', 'steps.SERVICE_CLOSED']. */
  endStates: string[];
}

/** Every state node path a state value is in: {a: {b: 'c'}} → ['a', 'a.b', 'a.b.c']. */
export function statePathsOf(value: StateValue, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') return [join(value)];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [join(key)] : [join(key), ...statePathsOf(child, join(key))],
  );
}

function endValueOf(description: string): StateValue {
  const arrow = description.lastIndexOf(' ⇒ ');
  const json = arrow >= 0 ? description.slice(arrow + 3) : description.replace(/^starts in /, '');
  return JSON.parse(json) as StateValue;
}

export function parsePathList(markdown: string): WalkedPath[] {
  return markdown
    .split('\n')
    .map((line) => /^\d+\. (.*)$/.exec(line)?.[1])
    .filter((text): text is string => text !== undefined)
    .map((escaped) => {
      const description = escaped.replaceAll('\\*', '*');
      return { description, endStates: statePathsOf(endValueOf(description)) };
    });
}
