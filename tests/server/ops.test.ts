// Operations: /ops guard, GoDroid tokens, health, readiness, metrics and the CLI.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEMO_VENDORS, seedDemo } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';
import { cliBundleArgs } from './runBundle';

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.stop(); });

const ops = (method: string, path: string, body?: unknown, token = server.opsToken) =>
  server.call(method, path, { auth: `Ops ${token}`, ...(body !== undefined ? { body } : {}) });

describe('/ops', () => {
  it('needs the ops token', async () => {
    expect((await ops('POST', '/ops/godroid-token', { vendor_id: DEMO_VENDORS.saOlaya }, 'wrong')).status).toBe(401);
    expect((await server.call('POST', '/ops/godroid-token', { body: { vendor_id: DEMO_VENDORS.saOlaya } })).status).toBe(401);
    const userAuth = await server.login('vendor@example.com');
    expect((await server.call('POST', '/ops/godroid-token', { auth: userAuth, body: { vendor_id: DEMO_VENDORS.saOlaya } })).status).toBe(401);
  });

  it('mints a GoDroid token for an existing vendor only', async () => {
    const minted = await ops('POST', '/ops/godroid-token', { vendor_id: DEMO_VENDORS.saDiriyah });
    const token = (minted.body as { token: string }).token;
    const vendor = await server.call('GET', `/vendor/${DEMO_VENDORS.saDiriyah}`, { auth: `GoDroid ${token}` });
    expect(vendor.status).toBe(200);
    expect((await ops('POST', '/ops/godroid-token', { vendor_id: 'nope' })).status).toBe(422);
  });

  it('does not exist without OPS_TOKEN', async () => {
    const plain = await startServer({ OPS_TOKEN: '' });
    try {
      expect((await plain.call('PUT', '/ops/flags/Helpcenter', { auth: 'Ops anything', body: { variation: false } })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe('health and metrics', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('exposes request counts and a latency histogram in the Prometheus text format', async () => {
    await server.call('GET', '/vendors');
    const text = (await server.call('GET', '/metrics', { auth: `Ops ${server.opsToken}` })).text;
    expect(text).toContain('# TYPE portal_http_requests_total counter');
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/orders\/api\/v1\/vendors",status="401"\} \d+/);
    expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{method="GET",route="\/orders\/api\/v1\/vendors",le="\+Inf"\} \d+/);
  });

  it('lets other modules register gauges', async () => {
    server.app.metrics.gauge('portal_test_queue_depth', 'A test gauge', () => 7);
    expect((await server.call('GET', '/metrics', { auth: `Ops ${server.opsToken}` })).text).toContain('portal_test_queue_depth 7');
  });
});

describe('CLI', () => {
  it('sets a flag the running server then serves, and mints a GoDroid token', async () => {
    // The CLI reaches the server's store: its data directory, or its PostgreSQL database.
    const env = { ...process.env, DATA_DIR: server.dataDir, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
    // The CLI as built for production (scripts/build-server.mjs), on plain node.
    const cli = await cliBundleArgs();
    await run(process.execPath, [...cli, 'flags', 'set', 'UnplannedMaintenance', 'true', '--country', 'SA'], { env });
    const flags = (await server.call('GET', '/flags?country=SA')).body as { flags: Record<string, unknown> };
    expect(flags.flags.UnplannedMaintenance).toBe(true);
    const { stdout } = await run(process.execPath, [...cli, 'godroid-token', DEMO_VENDORS.saOlaya], { env });
    const vendor = await server.call('GET', `/vendor/${DEMO_VENDORS.saOlaya}`, { auth: `GoDroid ${stdout.trim()}` });
    expect(vendor.status).toBe(200);
  }, 60_000);
});

describe('logs', () => {
  it('never contain tokens, passwords or phone numbers, and carry a request id', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const logged = await startServer({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const auth = await logged.login('vendor@example.com');
      await logged.call('GET', '/register/verify?token=secret-verification-token');
      await logged.call('POST', '/guest/session', { body: { name: 'G', email: 'g@example.com', phone_number: '+966501112299', country_code: 'SA' } });
      await logged.call('GET', '/vendors', { auth });
      await logged.call('GET', '/no/such/route?t=tracking-secret');
    } finally {
      await logged.stop();
    }
    const text = lines.join('');
    expect(text).toContain('"reqId"');
    expect(text).toContain('/orders/api/v1/vendors');
    // One line per request, when it completes, with its status and time.
    const vendorsLines = lines.filter((line) => line.includes('"url":"/orders/api/v1/vendors"'));
    expect(vendorsLines).toHaveLength(1);
    expect(vendorsLines[0]).toMatch(/"statusCode":200.*"responseTime":/);
    for (const secret of ['Portal!2026', 'secret-verification-token', 'tracking-secret', '+966501112299', 'Bearer ']) expect(text).not.toContain(secret);
  });
});

describe('CORS', () => {
  it('answers preflights and allows only the configured origins', async () => {
    const cors = await startServer({ APP_ORIGINS: 'https://portal.example.com' });
    try {
      const preflight = await fetch(`${cors.api}/vendors`, { method: 'OPTIONS', headers: { origin: 'https://portal.example.com', 'access-control-request-method': 'GET' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
      const foreign = await fetch(`${cors.api}/vendors`, { headers: { origin: 'https://evil.example.com' } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await cors.stop();
    }
  });
});

describe('web app', () => {
  it('serves dist/ with the SPA fallback for app paths and JSON 404 for API paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    const web = await startServer({ DIST_DIR: dist });
    try {
      const deepLink = await fetch(`${web.baseUrl}/order-tracking/sa-1001`);
      expect(deepLink.status).toBe(200);
      expect(await deepLink.text()).toContain('id="root"');
      expect(await (await fetch(`${web.baseUrl}/app.js`)).text()).toBe('console.log(1)');
      const apiMiss = await web.call('GET', '/no/such/route');
      expect(apiMiss.status).toBe(404);
      expect((apiMiss.body as { message: string }).message).toBe('error.not-found');
    } finally {
      await web.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('readiness and seed', () => {
  it('/readyz answers 503 naming a failing registered check', async () => {
    server.app.readinessChecks.set('test-dependency', async () => false);
    try {
      const response = await server.call('GET', '/readyz');
      expect(response.status).toBe(503);
      expect((response.body as { errors: { field: string }[] }).errors[0]?.field).toBe('test-dependency');
    } finally {
      server.app.readinessChecks.delete('test-dependency');
    }
  });

  it('seeding again adds nothing (idempotent)', async () => {
    const count = async (table: 'vendors' | 'orders' | 'accounts' | 'vouchers') =>
      Number((await server.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await Promise.all([count('vendors'), count('orders'), count('accounts'), count('vouchers')]);
    expect(before[1]).toBeGreaterThan(30);
    await seedDemo(server.app.db, { nowS: Math.floor(Date.now() / 1000) });
    expect(await Promise.all([count('vendors'), count('orders'), count('accounts'), count('vouchers')])).toEqual(before);
  });

  it('names the collection point of every seeded past order, as POST /order does', async () => {
    const rows = await server.app.db.selectFrom('orders').innerJoin('vendors', 'vendors.vendor_id', 'orders.vendor_id').select(['orders.document', 'vendors.name']).execute();
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) expect((JSON.parse(row.document) as { outlet_name?: string }).outlet_name).toBe(row.name);
  });

  it('answers x-request-id on every response', async () => {
    const response = await server.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('configuration', () => {
  it('generates secrets once and keeps them in DATA_DIR/secrets.json; env secrets win and are not written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(second.secrets).toEqual(first.secrets);
      expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
      const fresh = mkdtempSync(join(tmpdir(), 'portal-config-env-'));
      const fromEnvFirst = loadConfig({ DATA_DIR: fresh, JWT_SECRET: 'from-the-environment-0123456789' });
      expect(fromEnvFirst.secrets.jwtSecret).toBe('from-the-environment-0123456789');
      expect(readFileSync(join(fresh, 'secrets.json'), 'utf8')).not.toContain('from-the-environment');
      rmSync(fresh, { recursive: true, force: true });
      const fromEnv = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'from-the-environment-0123456789' });
      expect(fromEnv.secrets.jwtSecret).toBe('from-the-environment-0123456789');
      expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('from-the-environment');
      expect(first).toMatchObject({ port: 8080, country: 'SA', brand: 'HUNGER_STATION', seedDemo: true, feeSignatureTtlS: 300, courierSimSpeed: 1 });
      expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x' }).seedDemo).toBe(false);
      expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
