import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No import circles in our code (type imports included): a port file holds types only and a separate
// file chooses the implementation (server/live/pubsub.ts + choosePubSub.ts). Static imports and
// re-exports count; a lazy `import()` does not, as it loads after both modules are ready.

const ROOT = resolve(__dirname, '../..');
const LAYERS = ['domain', 'machines', 'adapters', 'server', 'src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file's relative static imports and re-exports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of LAYERS.flatMap((layer) => sourceFiles(join(ROOT, layer)))) {
    const source = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(source, true, false);
    const targets = importedFiles
      .filter((imported) => imported.fileName.startsWith('.'))
      // preProcessFile lists `import('…')` too: its position is just after `import(`.
      .filter((imported) => !/import\(\s*['"`]$/.test(source.slice(Math.max(0, imported.pos - 10), imported.pos)))
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((target): target is string => target !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import structure', () => {
  it('has no import circles in domain/, machines/, adapters/, server/ and src/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
