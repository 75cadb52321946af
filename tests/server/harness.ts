// Starts the REAL server (buildApp + listen on an ephemeral port) on a fresh temporary DATA_DIR
// with the demo seed and /ops enabled. Contract tests talk to it over HTTP and WebSocket, or, where
// the socket is not the subject, with `{ listen: false }`: no port, and `call` goes through Fastify's
// app.inject (the same routes, hooks and serialisation, without the loopback HTTP stack). With
// TEST_DATABASE_URL set, each server gets a fresh PostgreSQL database instead of the SQLite file.
// Either store starts as a copy of a template migrated once per run (migratedTemplates.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createGazetteerGeocoder } from '../../server/geo/chooseGeocoder';
import type { Geocoder } from '../../server/geo/geocoder';
import { copyMigratedSqlite } from './migratedTemplates';
import { createScratchDatabase, testDatabaseUrl } from './pg-database';

export interface TestServer {
  baseUrl: string;
  /** `${origin}/ws` (ws: scheme). */
  wsUrl: string;
  /** The service base `${baseUrl}/orders/api/v1`. */
  api: string;
  opsToken: string;
  dataDir: string;
  config: Config;
  app: FastifyInstance;
  /** Logs in through POST /login and answers the Authorization header value. */
  login(email: string, password?: string): Promise<string>;
  /** fetch with a JSON body and the given Authorization; answers status, headers and parsed body. */
  call(method: string, path: string, options?: { auth?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  /** Messages the outbox mailer wrote so far (oldest first), bodies decoded. */
  outbox(): Promise<{ from: string; to: string; subject: string; text: string }[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * false: the server does not listen; `call` and `login` use app.inject, and baseUrl, api and wsUrl
   * name an origin nothing answers on (mailed links still read right). Default true.
   */
  listen?: boolean;
}

/** Just enough MIME for the tests: headers, and a quoted-printable or plain text body. */
function parseEml(raw: string): { from: string; to: string; subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(raw)) {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { from: header('From'), to: header('To'), subject: header('Subject'), text: body };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests inspect arbitrary JSON answers.
  body: unknown;
  text: string;
}

/** Paths served at the origin; every other `/...` path is taken relative to the orders service base. */
const ROOT_PATHS = ['/ops/', '/help-centre-service/', '/healthz', '/readyz', '/metrics', '/flags.json', '/ws'];

/**
 * The real gazetteer geocoder, one per test process: it builds its index on first use (0.4 s on a
 * quiet machine, several seconds on a loaded one), and a file that starts several servers (a restart,
 * another setting) paid that for each. The index is read-only, so sharing it changes no answer.
 */
let sharedGeocoder: Geocoder | undefined;

export async function startServer(envOverrides: Record<string, string> = {}, buildOptions: BuildOptions = {}, { listen = true }: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const opsToken = randomBytes(16).toString('hex');
  // TEST_DATABASE_URL runs the same contract tests on PostgreSQL, one fresh database per server.
  const adminUrl = testDatabaseUrl();
  // A test that restarts on its own DATA_DIR gets the same database back (named after the directory).
  const scratch = adminUrl && !envOverrides.DATABASE_URL && !buildOptions.db
    ? await createScratchDatabase(adminUrl, envOverrides.DATA_DIR)
    : null;
  // Migrated once per run (migratedTemplates.ts); a test's own DATA_DIR or database keeps its data, and
  // its own DATA_DIR starts from the template too when it holds no database yet (a restart test's first start).
  if (!adminUrl && !envOverrides.DATABASE_URL && !buildOptions.db) {
    const ownDir = envOverrides.DATA_DIR;
    if (!ownDir) await copyMigratedSqlite(dataDir);
    else if (!existsSync(join(ownDir, 'portal.sqlite'))) await copyMigratedSqlite(ownDir);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    OPS_TOKEN: opsToken,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DIST_DIR: join(dataDir, 'no-dist'),
    COURIER_SIM_SPEED: '1',
    // Tests receive webhooks on a local server (docs/webhooks.md); production leaves this off.
    WEBHOOKS_ALLOW_LOOPBACK: '1',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...envOverrides,
  });
  sharedGeocoder ??= createGazetteerGeocoder();
  const app = await buildApp(config, { geocoder: sharedGeocoder, ...buildOptions });
  let baseUrl = 'http://127.0.0.1:1';
  if (listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  } else {
    await app.ready();
  }
  const api = `${baseUrl}/orders/api/v1`;
  // The port is known only now: mailed links and redirects must point at it.
  config.publicUrl = baseUrl;

  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.auth) headers.authorization = options.auth;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const url = path.startsWith('http') ? path : ROOT_PATHS.some((root) => path.startsWith(root)) ? `${baseUrl}${path}` : `${api}${path}`;
    if (!listen) return injected(app, method, url, headers, body);
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  return {
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/ws`,
    api,
    opsToken,
    dataDir,
    config,
    app,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const response = await call('POST', '/login', { body: { email_address: email, password } });
      if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
      const result = (response.body as { result: { AccessToken: string; IdToken: string } }).result;
      return `Bearer ${result.AccessToken}|${result.IdToken}`;
    },
    async outbox() {
      const dir = join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      const names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
      return names.map((name) => parseEml(readFileSync(join(dir, name), 'utf8')));
    },
    async stop() {
      await app.close();
      if (!envOverrides.DATA_DIR) await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A started server with both demo accounts signed in: most tenancy checks need one caller of each. */
export interface SignedInPair {
  server: TestServer;
  /** vendor@example.com: the Saudi parent and its outlets. */
  vendor: string;
  /** other@example.com: another account's vendors, which `vendor` must never reach. */
  other: string;
}

/** startServer (same arguments), then both demo logins; the server is stopped again if a login fails. */
export async function signedInPair(...args: Parameters<typeof startServer>): Promise<SignedInPair> {
  const server = await startServer(...args);
  try {
    const [vendor, other] = await Promise.all([server.login('vendor@example.com'), server.login('other@example.com')]);
    return { server, vendor, other };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One request through app.inject, answered in the shape `call` answers fetch's. */
async function injected(app: FastifyInstance, method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<TestResponse> {
  const { pathname, search } = new URL(url);
  const response = await app.inject({ method: method as InjectOptions['method'], url: `${pathname}${search}`, headers, ...(body !== undefined ? { payload: body } : {}) });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, String(one));
  }
  const text = response.body;
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: response.statusCode, headers: answerHeaders, body: parsed, text };
}
