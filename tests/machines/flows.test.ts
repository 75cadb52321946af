import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as allMachines from '../../machines';
import { writeCharts, writePages, writePathLists } from '../../scripts/flows/generate';
import { composedFlows, flowMachines } from '../../scripts/flows/machines';
import { parsePathList, statePathsOf } from '../../scripts/flows/pathList';
import { STORY_BY_STATE } from '../../scripts/flows/stories';
import { escapeXml } from '../../scripts/flows/escape';
import { orderCancelMachine } from '../../machines';
import { listTransitions } from './transitionCoverage';

// The flows generator run in-process into a temp dir. Only orderCancel's model test is run for its
// path list (the whole suite runs under `npm run flows`): it proves the tests→paths.md→page chain.
const out = mkdtempSync(join(tmpdir(), 'flows-'));

/** Storybook ids of the stories in stories/**: kebab-cased `title` and export name, joined by `--`. */
function storyIds(): Set<string> {
  const kebab = (text: string) =>
    text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  const ids = new Set<string>();
  for (const folder of ['components', 'screens']) {
    const dir = new URL(`../../stories/${folder}/`, import.meta.url);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.stories.tsx'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const title = /^\s+title: '([^']+)'/m.exec(source)?.[1];
      if (!title) continue;
      for (const [, name] of source.matchAll(/^export const (\w+): Story/gm)) ids.add(`${kebab(title)}--${kebab(name ?? '')}`);
    }
  }
  return ids;
}

beforeAll(async () => {
  expect(await writeCharts(out)).toEqual([]);
  expect(writePathLists(out, ['tests/machines/orderCancel.test.ts'])).toBe(true);
  writePages(out);
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('flows generator', () => {
  it('covers every machine exported from machines/index.ts', () => {
    const exported = Object.keys(allMachines).filter((name) => name.endsWith('Machine')).map((name) => name.replace(/Machine$/, ''));
    expect(exported.length).toBeGreaterThan(0);
    expect(flowMachines.map(([name]) => name)).toEqual(expect.arrayContaining(exported));
  });

  for (const [name, machine] of flowMachines) {
    it(`${name}: its chart names every top-level state and its page embeds it`, () => {
      const svg = readFileSync(join(out, `${name}.svg`), 'utf8');
      for (const state of Object.keys(machine.states)) {
        expect(svg).toContain(`data-state="${machine.id}.${state}"`);
        expect(svg).toContain(`>${state}</text>`);
      }
      const page = readFileSync(join(out, `${name}.html`), 'utf8');
      expect(page).toContain(`data-state="${machine.id}.${Object.keys(machine.states)[0]}"`);
    });

    it(`${name}: has a model test that writes its path list`, () => {
      const test = readFileSync(new URL(`./${name}.test.ts`, import.meta.url), 'utf8');
      // Directly, or through the shared period-figures model test, which writes it under the model's name.
      const sharedModel = /describePeriodFiguresMachine/.test(test) && new RegExp(`name: '${name}'`).test(test);
      if (!sharedModel) expect(test).toMatch(new RegExp(`check(PathCount|TransitionCoverage)\\('${name}'`));
    });
  }

  it('orderCancel: lists every walked path, lights its end state and links its story', () => {
    const pathsFile = join(out, 'orderCancel.paths.md');
    expect(existsSync(pathsFile)).toBe(true);
    const paths = parsePathList(readFileSync(pathsFile, 'utf8'));
    expect(paths.length).toBeGreaterThan(0);
    const page = readFileSync(join(out, 'orderCancel.html'), 'utf8');
    expect(page.match(/<li data-states=/g)).toHaveLength(paths.length);
    expect(page).toContain('<li data-states="orderCancel.cancelled">');
    expect(page).toContain('href="../?path=/story/screens-order-tracking--order-detail-cancelled" target="_top"');
    expect(page).toMatch(/<g class="state reached" data-state="orderCancel.cancelled">/);
  });

  it('orderCancel: lists every transition of the machine with its coverage, from the model test', () => {
    const page = readFileSync(join(out, 'orderCancel.html'), 'utf8');
    const transitions = listTransitions(orderCancelMachine);
    expect(page).toContain(`<p class="coverage">${transitions.length}/${transitions.length} transitions taken</p>`);
    for (const name of transitions) expect(page).toContain(`<li class="taken"><code>${escapeXml(name)}</code> — taken</li>`);
  });

  it('index.html links every machine page and every composed flow', () => {
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    for (const [name] of flowMachines) expect(index).toContain(`href="${name}.html"`);
    for (const flow of composedFlows) expect(index).toContain(`href="${flow.name}.html"`);
  });

  for (const flow of composedFlows) {
    it(`${flow.name}: its page shows the chart of each composed machine, and its model test writes its lists`, () => {
      const page = readFileSync(join(out, `${flow.name}.html`), 'utf8');
      for (const { machine } of flow.parts) {
        for (const state of Object.keys(machine.states)) expect(page).toContain(`data-state="${machine.id}.${state}"`);
      }
      const test = readFileSync(new URL(`./${flow.name}.test.ts`, import.meta.url), 'utf8');
      expect(test).toContain(`writePathList('${flow.name}'`);
      expect(test).toContain(`writeTransitionList('${flow.name}'`);
    });
  }

  it('a composed flow lights the end state of each machine a path ends in', async () => {
    const { renderComposedPage } = await import('../../scripts/flows/page');
    const svg = (id: string) => `<svg><g class="state" data-state="${id}"><rect/></g></svg>`;
    const html = renderComposedPage({
      name: 'onlinePayment',
      parts: [
        { key: 'request', title: 'Request', machineId: 'requestRider', svg: svg('requestRider.drafting') },
        { key: 'card', title: 'Card form', machineId: 'payment', svg: svg('payment.paid') },
      ],
      paths: parsePathList('1. card done:confirmIntent ⇒ {"request":{"drafting":"payment"},"card":"paid"}\n'),
      transitions: [{ name: 'card form opens', taken: true }],
      testedAt: null,
    });
    expect(html).toContain('<li data-states="requestRider.drafting requestRider.drafting.payment payment.paid">');
    expect(html).toContain('<g class="state reached" data-state="requestRider.drafting">');
    expect(html).toContain('<g class="state reached" data-state="payment.paid">');
    expect(html).toContain('<p class="coverage">1/1 transitions taken</p>');
  });
});

describe('flows: the state → story table', () => {
  const ids = storyIds();
  const machines = new Map(flowMachines);
  for (const [name, table] of Object.entries(STORY_BY_STATE)) {
    for (const [state, story] of Object.entries(table)) {
      it(`${name} ${state} → ${story}`, () => {
        const machine = machines.get(name);
        expect(machine, `${name} is not an exported machine`).toBeDefined();
        expect(machine?.getStateNodeById(`${machine.id}.${state}`)).toBeDefined();
        expect(ids.has(story), `no story ${story}`).toBe(true);
      });
    }
  }

  it('reads nested state values as their state node paths', () => {
    expect(statePathsOf({ flow: 'SHOW_PREPROCESS_RESULTS', history: 'loaded' })).toEqual([
      'flow',
      'flow.SHOW_PREPROCESS_RESULTS',
      'history',
      'history.loaded',
    ]);
  });
});
