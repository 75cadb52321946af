// The offline statechart: xstate/graph's directed graph laid out with elkjs, written as plain SVG.
// Every state is a <g data-state="<state node id>"> so a page can highlight it.
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { escapeXml } from './escape';

const CHAR_WIDTH = 7;
const LABEL_HEIGHT = 16;

function eventLabel(type: string): string {
  return type
    .replace(/^xstate\.done\.actor\.(.+)$/, 'done: $1')
    .replace(/^xstate\.error\.actor\.(.+)$/, 'error: $1')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1')
    .replace(/^xstate\.done\.state\..*$/, 'done');
}

/** Transitions from a state into itself or its own descendants (ELK cannot route them): listed under the chart. */
type Note = string;

function toElk(node: DirectedGraphNode, edges: ElkExtendedEdge[], notes: Note[]): ElkNode {
  const label = node.stateNode.key;
  for (const edge of node.edges) {
    const text = eventLabel(edge.label.text) || 'always';
    if (edge.target.id === edge.source.id || edge.target.id.startsWith(`${edge.source.id}.`)) {
      notes.push(`${edge.source.id}: ${text} → ${edge.target.id}`);
      continue;
    }
    edges.push({
      id: `${edge.id}#${edges.length}`,
      sources: [edge.source.id],
      targets: [edge.target.id],
      labels: [{ text, width: text.length * CHAR_WIDTH, height: LABEL_HEIGHT }],
    });
  }
  const children = node.children.map((child) => toElk(child, edges, notes));
  return {
    id: node.id,
    labels: [{ text: label }],
    ...(children.length > 0
      ? { children, layoutOptions: { 'elk.padding': '[top=32,left=12,bottom=12,right=12]' } }
      : { width: Math.max(100, label.length * CHAR_WIDTH + 24), height: 36 }),
  };
}

function drawNode(node: ElkNode, offsetX: number, offsetY: number, depth: number, parts: string[]): void {
  const x = offsetX + (node.x ?? 0);
  const y = offsetY + (node.y ?? 0);
  if (depth > 0) {
    const compound = (node.children?.length ?? 0) > 0;
    parts.push(
      `<g class="state${compound ? ' compound' : ''}" data-state="${escapeXml(node.id)}">`,
      `<rect x="${x}" y="${y}" width="${node.width}" height="${node.height}" rx="8"/>`,
      `<text x="${x + 10}" y="${y + (compound ? 20 : 23)}">${escapeXml(node.labels?.[0]?.text ?? '')}</text>`,
      '</g>',
    );
  }
  for (const child of node.children ?? []) drawNode(child, x, y, depth + 1, parts);
}

function drawEdges(edges: ElkExtendedEdge[], parts: string[]): void {
  for (const edge of edges) {
    const from = escapeXml(edge.sources[0] ?? '');
    const to = escapeXml(edge.targets[0] ?? '');
    parts.push(`<g class="transition" data-from="${from}" data-to="${to}">`);
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      parts.push(`<polyline points="${points.map((p) => `${p.x},${p.y}`).join(' ')}" marker-end="url(#arrow)"/>`);
    }
    for (const label of edge.labels ?? []) {
      parts.push(`<text x="${label.x ?? 0}" y="${(label.y ?? 0) + 12}">${escapeXml(label.text ?? '')}</text>`);
    }
    parts.push('</g>');
  }
}

const CHART_STYLE = [
  '.state rect { fill: #fff; stroke: #57606a; }',
  '.state.compound rect { fill: #f6f8fa; }',
  '.state.compound text { font-weight: bold; }',
  '.transition polyline { fill: none; stroke: #0969da; }',
  '.transition text { font-size: 11px; fill: #0969da; }',
  '.note { font-size: 11px; fill: #57606a; }',
].join(' ');

export async function drawMachine(machine: AnyStateMachine): Promise<string> {
  const edges: ElkExtendedEdge[] = [];
  const notes: Note[] = [];
  const root = toElk(toDirectedGraph(machine), edges, notes);
  const layout = await new ELK().layout({
    ...root,
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '30',
      'elk.edgeLabels.inline': 'false',
      // Edges (and their labels) in root coordinates, nodes relative to their parent.
      'elk.json.edgeCoords': 'ROOT',
    },
  });
  const parts: string[] = [];
  drawNode(layout, 0, 0, 0, parts);
  drawEdges((layout.edges ?? []) as ElkExtendedEdge[], parts);
  const notesTop = (layout.height ?? 0) + 24;
  notes.forEach((note, index) => parts.push(`<text class="note" x="0" y="${notesTop + index * 16}">${escapeXml(note)}</text>`));
  const width = Math.max((layout.width ?? 0) + 20, ...notes.map((note) => note.length * 6 + 20));
  const height = notesTop + notes.length * 16 + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="-10 -10 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13">`,
    `<style>${CHART_STYLE}</style>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#0969da"/></marker></defs>',
    ...parts,
    '</svg>',
  ].join('\n');
}
