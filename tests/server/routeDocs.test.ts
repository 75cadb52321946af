// Every route the server registers is documented: it is an API.md route (apiMdRoutes.ts) or a row of
// docs/api.md, whose "Who" is the capability the route needs (server/auth/routeCapabilities.ts) and
// whose "Errors" are the failure statuses the route declares in /api-docs/openapi.json. A new route
// without its row fails here, and so does a row that no longer matches its route.
// PostgreSQL pass: skipped, the subject is the route table and its documentation
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wireSchemas from '../../domain/api';
import { CAPABILITIES, ROLES_WITH } from '../../domain/teams/roles';
import { listedRouteAccess } from '../../server/auth/routeCapabilities';
import type { RegisteredRoute } from '../../server/http/appContext';
import { API_MD_PROSE_ROUTES, API_MD_ROUTES } from './apiMdRoutes';
import { startServer, type TestServer } from './harness';

const DOC = 'docs/api.md';

/**
 * Registered routes that need no row, each with the reason. Keep it short: a route a client may call
 * belongs in the document.
 */
const UNDOCUMENTED_ON_PURPOSE: Record<string, string> = {
  'GET /': 'the web app: dist/ served as files, one route per file (server/http/webApp.ts), not an API',
  'GET /index.html': 'the web app, as above',
};

const SERVICE_PREFIX = /^\/(orders|hurrier)\/api\/v1(?=\/)/;
/** One key per route whatever the service prefix and parameter names: `GET /vendor/{}/members` (a wildcard is a parameter). */
const keyOf = (method: string, path: string) => `${method} ${path.replace(SERVICE_PREFIX, '').replace(/:[A-Za-z_]+|\{[^}]+\}|\*/g, '{}')}`;

interface DocRow { key: string; who: string | undefined; errors: number[]; line: number }

/** The rows of docs/api.md's tables whose first cell is a call (`METHOD /path…`). */
function documentedRows(markdown: string): DocRow[] {
  return markdown.split('\n').flatMap((text, index) => {
    if (!text.startsWith('|')) return [];
    // `\|` inside a cell is a literal bar (`"read"\|"write"`), not a column.
    const cells = text.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
    const call = /^`(GET|POST|PUT|PATCH|DELETE) (\/[^`?\s]*)/.exec(cells[0] ?? '');
    if (!call) return [];
    const errors = [...new Set([...(cells.at(-1) ?? '').matchAll(/\b([45]\d\d)\b/g)].map((match) => Number(match[1])))].sort();
    return [{ key: keyOf(call[1] ?? '', call[2] ?? ''), who: /`([^`]+)`/.exec(cells[1] ?? '')?.[1], errors, line: index + 1 }];
  });
}

interface OpenApiDocument { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }

let server: TestServer;
let routes: RegisteredRoute[];
let openApi: OpenApiDocument;
let rows: DocRow[];
let markdown: string;
let files: string;
beforeAll(async () => {
  // The routes registered only when their files exist: a built web app and a map tile archive.
  files = mkdtempSync(join(tmpdir(), 'route-docs-'));
  for (const folder of ['dist', 'tiles']) mkdirSync(join(files, folder));
  writeFileSync(join(files, 'dist', 'index.html'), '<!doctype html>');
  writeFileSync(join(files, 'tiles', 'basemap.pmtiles'), '');
  server = await startServer({ DIST_DIR: join(files, 'dist'), MAP_PMTILES: join(files, 'tiles', 'basemap.pmtiles') }, {}, { listen: false });
  routes = server.app.routeTable;
  openApi = server.app.swagger() as unknown as OpenApiDocument;
  markdown = readFileSync(resolve(__dirname, '../..', DOC), 'utf8');
  rows = documentedRows(markdown);
});
afterAll(async () => {
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

const apiMdKeys = () => new Set([
  ...API_MD_ROUTES.map((route) => keyOf(route.method, route.path)),
  ...API_MD_PROSE_ROUTES.map((route) => keyOf(route.split(' ')[0] ?? '', route.split(' ')[1] ?? '')),
]);

/** The failure statuses the route declares in OpenAPI, or undefined when the route is hidden from it. */
function declaredErrors(route: RegisteredRoute): number[] | undefined {
  const operation = openApi.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
  if (operation === undefined) return undefined;
  return Object.keys(operation.responses ?? {}).filter((status) => /^[45]\d\d$/.test(status)).map(Number).sort();
}

describe(`${DOC}: every registered route is documented`, () => {
  it('reads the document and the route table', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('has a row (or an API.md entry) for every route the server registers', () => {
    const documented = new Set([...apiMdKeys(), ...rows.map((row) => row.key), ...Object.keys(UNDOCUMENTED_ON_PURPOSE)]);
    const missing = [...new Set(routes.map((route) => keyOf(route.method, route.url)))].filter((key) => !documented.has(key));
    expect(missing, `routes with no row in ${DOC}: add one (Who, Errors) to the table of their area`).toEqual([]);
  });

  it('documents only routes that exist, each once, and none that API.md already has', () => {
    const registered = new Set(routes.map((route) => keyOf(route.method, route.url)));
    const apiMd = apiMdKeys();
    const seen = new Set<string>();
    for (const row of rows) {
      expect(registered.has(row.key), `${DOC}:${row.line} ${row.key} is no registered route`).toBe(true);
      expect(apiMd.has(row.key), `${DOC}:${row.line} ${row.key} is an API.md route`).toBe(false);
      expect(seen.has(row.key), `${DOC}:${row.line} ${row.key} is documented twice`).toBe(false);
      seen.add(row.key);
    }
    for (const key of Object.keys(UNDOCUMENTED_ON_PURPOSE)) expect(registered.has(key), `${key} is no longer registered: take it off`).toBe(true);
  });

  it('names the capability each route needs (Who)', () => {
    const wrong = rows.flatMap((row) => routes.filter((route) => keyOf(route.method, route.url) === row.key)
      .map((route) => ({ row, needed: listedRouteAccess(route.method, route.url) ?? 'team (unlisted)' }))
      .filter(({ needed }) => needed !== row.who)
      .map(({ row: { line, key, who }, needed }) => `${DOC}:${line} ${key}: Who \`${who}\`, the route needs \`${needed}\``));
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('gives each capability the roles domain/teams/roles.ts gives it', () => {
    // Rows of the capability table: `cap`, `cap` | role, role
    const documented = new Map(markdown.split('\n').flatMap((text) => {
      const match = /^\| ((?:`[a-zA-Z.]+`,? ?)+) \| ([a-z, ]+) \|$/.exec(text);
      if (!match) return [];
      const roles = (match[2] ?? '').split(',').map((role) => role.trim()).sort().join(', ');
      return [...(match[1] ?? '').matchAll(/`([a-zA-Z.]+)`/g)].map((capability) => [capability[1] ?? '', roles] as const);
    }));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(CAPABILITIES.map((capability) => [capability, [...ROLES_WITH[capability]].sort().join(', ')])));
  });

  it('shows examples that are valid against their schemas in domain/api', () => {
    // `<!-- example: Name -->` (a body) or `<!-- example: result Name -->` (an answer `{result: Name}`), then a json block.
    const examples = [...markdown.matchAll(/<!-- example: (result )?([A-Za-z]+) -->\n```json\n([\s\S]*?)\n```/g)];
    expect(examples.length).toBeGreaterThanOrEqual(7);
    const invalid = examples.flatMap(([, result, name = '', json = '']) => {
      const schema = (wireSchemas as Record<string, unknown>)[name] as TSchema | undefined;
      if (schema === undefined) return [`${name}: no such schema in domain/api`];
      const parsed = JSON.parse(json) as { result?: unknown };
      const value = result ? parsed.result : parsed;
      if (result && Object.keys(parsed).join() !== 'result') return [`${name}: an answer is {result: …}`];
      return Value.Check(schema, value) ? [] : [`${name}: ${[...Value.Errors(schema, value)].map((error) => JSON.stringify(error)).join('; ')}`];
    });
    expect(invalid).toEqual([]);
  });

  it('lists exactly the failure statuses each route declares in /api-docs/openapi.json (Errors)', () => {
    const wrong = rows.flatMap((row) => routes.filter((route) => keyOf(route.method, route.url) === row.key)
      .map((route) => ({ row, declared: declaredErrors(route) }))
      .filter(({ declared }) => declared !== undefined && declared.join() !== row.errors.join())
      .map(({ row: { line, key, errors }, declared }) => `${DOC}:${line} ${key}: Errors [${errors.join(', ')}], OpenAPI [${declared?.join(', ')}]`));
    expect([...new Set(wrong)]).toEqual([]);
  });
});
