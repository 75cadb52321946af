// The flows generator, callable in-process (tests/machines/flows.test.ts) or from `npm run flows`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawMachine } from './chart';
import { composedFlows, flowMachines } from './machines';
import { renderComposedPage, renderIndex, renderMachinePage, type TransitionEntry } from './page';
import { parsePathList } from './pathList';

/** Writes <machine>.svg for every machine; returns the names whose layout failed. */
export async function writeCharts(outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const failed: string[] = [];
  for (const [name, machine] of flowMachines) {
    try {
      writeFileSync(join(outDir, `${name}.svg`), await drawMachine(machine));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${name}: layout failed: ${message.slice(0, 300)}`);
      failed.push(name);
    }
  }
  return failed;
}

/** Runs model tests with FLOWS_OUT set, so each writes <machine>.paths.md; true when they pass. */
export function writePathLists(outDir: string, testFiles: string[] = ['tests/machines']): boolean {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...testFiles], {
    stdio: 'inherit',
    env: { ...process.env, FLOWS_OUT: outDir },
  });
  return run.status === 0;
}

/** What the model test of `name` wrote (path list, transitions), or nulls when it has not run here. */
function testOutput(outDir: string, name: string) {
  const pathsFile = join(outDir, `${name}.paths.md`);
  const paths = existsSync(pathsFile) ? parsePathList(readFileSync(pathsFile, 'utf8')) : null;
  const testedAt = existsSync(pathsFile) ? statSync(pathsFile).mtime.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : null;
  const transitionsFile = join(outDir, `${name}.transitions.json`);
  const transitions = existsSync(transitionsFile) ? (JSON.parse(readFileSync(transitionsFile, 'utf8')) as TransitionEntry[]) : null;
  return { paths, testedAt, transitions };
}

function chartOf(outDir: string, name: string): string {
  const svgFile = join(outDir, `${name}.svg`);
  return existsSync(svgFile) ? readFileSync(svgFile, 'utf8') : '<p>Layout failed: see the flows output.</p>';
}

/** Writes <machine>.html for every machine and composed flow from its charts and path list, and index.html. */
export function writePages(outDir: string): void {
  const pages = flowMachines.map(([name, machine]) => {
    const output = testOutput(outDir, name);
    writeFileSync(join(outDir, `${name}.html`), renderMachinePage({ name, machineId: machine.id, svg: chartOf(outDir, name), ...output }));
    return { name, pathCount: output.paths?.length ?? null };
  });
  const chartName = new Map(flowMachines.map(([name, machine]) => [machine, name]));
  const composed = composedFlows.map((flow) => {
    const output = testOutput(outDir, flow.name);
    const parts = flow.parts.map((part) => ({ ...part, machineId: part.machine.id, svg: chartOf(outDir, chartName.get(part.machine) ?? part.machine.id) }));
    writeFileSync(join(outDir, `${flow.name}.html`), renderComposedPage({ name: flow.name, parts, ...output }));
    return { name: flow.name, pathCount: output.paths?.length ?? null };
  });
  writeFileSync(join(outDir, 'index.html'), renderIndex(pages, composed));
}
