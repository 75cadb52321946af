// One machine's flow page: the chart, with the states the walked paths end in tinted, and the list of
// walked paths; hovering a path highlights its end state (and its ancestors) and the transitions into it.
import { escapeXml } from './escape';
import type { WalkedPath } from './pathList';
import { storyFor, storyUrl } from './stories';

export interface MachinePage {
  name: string;
  /** The machine's id: the prefix of its state node ids in the chart. */
  machineId: string;
  svg: string;
  /** Null when the model tests did not write this machine's path list. */
  paths: WalkedPath[] | null;
  /** Every transition and whether a walked path took it (tests/machines/walkPaths.ts); null when not written. */
  transitions: TransitionEntry[] | null;
  /** When the model tests wrote the path list (ISO time), so a reader sees how fresh paths and coverage are. */
  testedAt: string | null;
}

/** One transition of the machine as the model test's coverage reports it. */
export interface TransitionEntry {
  name: string;
  taken: boolean;
  /** Why no path can take it, when it is listed in unreachable-transitions.json. */
  unreachable?: string;
}

function transitionList(transitions: TransitionEntry[] | null): string {
  if (transitions === null) return `<p>No transition list: ${NOT_TESTED}</p>`;
  const taken = transitions.filter((transition) => transition.taken).length;
  const items = transitions.map((transition) => {
    const status = transition.taken ? 'taken' : transition.unreachable ? `unreachable: ${escapeXml(transition.unreachable)}` : 'NOT TAKEN';
    return `<li class="${transition.taken ? 'taken' : 'missed'}"><code>${escapeXml(transition.name)}</code> — ${status}</li>`;
  });
  return `<p class="coverage">${taken}/${transitions.length} transitions taken</p>\n<ul class="transitions">\n${items.join('\n')}\n</ul>`;
}

const NOT_TESTED = 'the model tests have not run here; run <code>npm run flows</code> (before <code>npm run build-storybook</code>).';

const PAGE_STYLE = `
body { font-family: system-ui, sans-serif; margin: 16px; color: #1f2328; }
.chart { overflow: auto; border: 1px solid #d0d7de; padding: 8px; max-height: 70vh; }
.state.reached > rect { fill: #dafbe1; }
.state.lit > rect { fill: #fff8c5; stroke: #bf8700; stroke-width: 3; }
.transition.lit polyline { stroke: #bf8700; stroke-width: 3; }
ol { font-size: 13px; } li:hover { background: #fff8c5; }
.end { color: #57606a; }
.transitions { font-size: 13px; } .transitions .missed { color: #cf222e; }`;

// Plain DOM: hovering a path lights the chart's states listed in its data-states (state ids are
// unique on a page, also on a composed flow's page of several charts).
const PAGE_SCRIPT = `
const chart = document;
const light = (ids, on) => ids.forEach((id) => {
  chart.querySelectorAll('[data-state="' + id + '"]').forEach((el) => el.classList.toggle('lit', on));
  chart.querySelectorAll('.transition[data-to="' + id + '"]').forEach((el) => el.classList.toggle('lit', on));
});
document.querySelectorAll('li[data-states]').forEach((li) => {
  const ids = li.dataset.states.split(' ');
  li.addEventListener('mouseenter', () => light(ids, true));
  li.addEventListener('mouseleave', () => light(ids, false));
  // Big charts scroll: a click brings the path's innermost state into view.
  li.addEventListener('click', () => chart.querySelector('[data-state="' + ids.at(-1) + '"]')?.scrollIntoView({ block: 'center', inline: 'center' }));
});`;

function pathItem(page: MachinePage, path: WalkedPath): string {
  const ids = path.endStates.map((state) => `${page.machineId}.${state}`).join(' ');
  const story = storyFor(page.name, path.endStates);
  return pathLine(path, ids, story);
}

function pathLine(path: WalkedPath, ids: string, story: string | undefined): string {
  // The page is shown inside Storybook's preview frame: the story opens in the whole window.
  const link = story ? ` <a href="${escapeXml(storyUrl(story))}" target="_top">story</a>` : '';
  return `<li data-states="${escapeXml(ids)}">${escapeXml(path.description)}${link}</li>`;
}

/** Adds the `reached` class to the states some walked path ends in. */
function tintReached(page: MachinePage): string {
  return tintStates(page.svg, new Set((page.paths ?? []).flatMap((path) => path.endStates.map((state) => `${page.machineId}.${state}`))));
}

function tintStates(svg: string, reached: Set<string>): string {
  return svg.replace(/<g class="(state[^"]*)" data-state="([^"]*)">/g, (whole, classes: string, id: string) =>
    reached.has(id) ? `<g class="${classes} reached" data-state="${id}">` : whole,
  );
}

function pathListOf(name: string, paths: WalkedPath[] | null, item: (path: WalkedPath) => string): string {
  return paths === null
    ? `<p>No path list: ${NOT_TESTED}</p>`
    : `<p>${paths.length} paths walked by <code>tests/machines/${escapeXml(name)}.test.ts</code>. Green states end at least one path; hover a path to light its end state, click it to scroll the chart to it.</p>\n<ol>\n${paths.map(item).join('\n')}\n</ol>`;
}

/** The HTML around one flows page: title, optional intro, charts, transition list and path list. */
function flowsPage(name: string, testedAt: string | null, intro: string, charts: string, transitions: TransitionEntry[] | null, list: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeXml(name)} flows</title><style>${PAGE_STYLE}</style></head>
<body>
<p><a href="index.html">All machines</a></p>
<h1>${escapeXml(name)}</h1>
${intro}${testedAt === null ? '' : `<p class="tested">Paths and coverage from the model tests of ${escapeXml(testedAt)}.</p>`}
${charts}
<h2>Transitions</h2>
${transitionList(transitions)}
<h2>Paths</h2>
${list}
<script>${PAGE_SCRIPT}</script>
</body></html>
`;
}

export function renderMachinePage(page: MachinePage): string {
  const list = pathListOf(page.name, page.paths, (path) => pathItem(page, path));
  return flowsPage(page.name, page.testedAt, '', `<div class="chart">\n${tintReached(page)}\n</div>`, page.transitions, list);
}

/** A composed flow's page (scripts/flows/machines.ts `composedFlows`): one chart per machine. */
export interface ComposedPage {
  name: string;
  parts: { key: string; title: string; machineId: string; svg: string }[];
  paths: WalkedPath[] | null;
  transitions: TransitionEntry[] | null;
  testedAt: string | null;
}

/** A composed path's end states (`card.choosingCard`) as the state ids of its machine's chart. */
function composedStateIds(page: ComposedPage, endStates: string[]): string[] {
  return endStates.flatMap((state) => {
    const [key, ...rest] = state.split('.');
    const part = page.parts.find((candidate) => candidate.key === key);
    return part && rest.length > 0 ? [`${part.machineId}.${rest.join('.')}`] : [];
  });
}

export function renderComposedPage(page: ComposedPage): string {
  const reached = new Set((page.paths ?? []).flatMap((path) => composedStateIds(page, path.endStates)));
  const charts = page.parts
    .map((part) => `<h2>${escapeXml(part.title)}</h2>\n<div class="chart">\n${tintStates(part.svg, reached)}\n</div>`)
    .join('\n');
  const list = pathListOf(page.name, page.paths, (path) => pathLine(path, composedStateIds(page, path.endStates).join(' '), undefined));
  const intro = `<p>A flow of ${page.parts.length} machines walked as one model: each path's end state names the state of each machine.</p>\n`;
  return flowsPage(page.name, page.testedAt, intro, charts, page.transitions, list);
}

export function renderIndex(pages: { name: string; pathCount: number | null }[], composed: { name: string; pathCount: number | null }[] = []): string {
  const count = (pathCount: number | null) => (pathCount === null ? 'no path list' : `${pathCount} paths`);
  const rows = pages
    .map(({ name, pathCount }) => `<li><a href="${escapeXml(name)}.html">${escapeXml(name)}</a> — ${count(pathCount)} (<a href="${escapeXml(name)}.svg">svg</a>, <a href="${escapeXml(name)}.paths.md">paths.md</a>)</li>`)
    .join('\n');
  const composedRows = composed
    .map(({ name, pathCount }) => `<li><a href="${escapeXml(name)}.html">${escapeXml(name)}</a> — ${count(pathCount)} (<a href="${escapeXml(name)}.paths.md">paths.md</a>)</li>`)
    .join('\n');
  const composedList = composed.length === 0 ? '' : `<h2>Flows of several machines</h2><ul>\n${composedRows}\n</ul>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flows</title></head><body><h1>Machines</h1><ul>\n${rows}\n</ul>${composedList}</body></html>\n`;
}
