// `npm run start:cluster`: the scale-out setup on one machine (docs/decisions/0002-scale-out.md).
// Starts Debian's PostgreSQL on loopback when DATABASE_URL is not given, migrates and seeds the
// database once, then runs WORKERS server processes (default 2) with node:cluster on one port: the
// primary accepts connections and hands each to a worker in turn, websocket upgrades included. Live
// updates, courier moves, bulk placement, sessions and rate limits go through PostgreSQL, so any
// worker serves any request. A worker that dies is replaced; its claimed jobs pass to the others.
import { execFileSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_UNREGISTERED_VENDOR_CODE, seedDemo } from '../server/db/seed';

const RESTART_DELAY_MS = 1_000;
const SHUTDOWN_GRACE_MS = 15_000;
const DATABASE_NAME = 'portal';

/** DATABASE_URL, or the `portal` database on the local PostgreSQL that ensure-postgres.sh starts. */
async function databaseUrl(): Promise<string> {
  const given = process.env.DATABASE_URL?.trim();
  if (given) return given;
  const adminUrl = execFileSync('bash', [resolve('scripts/pg/ensure-postgres.sh')], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
    .trim().split('\n').at(-1) ?? '';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    // C collation: text sorts bytewise, as in the embedded SQLite store.
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

async function primary(): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: await databaseUrl() };
  // Loading the config once here writes DATA_DIR/secrets.json before any worker starts, so every
  // worker signs and checks tokens with the same keys (several machines: set JWT_SECRET etc.).
  const config = loadConfig(env);
  const seed = env.SEED_DEMO === undefined ? true : config.seedDemo;
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    if (seed) await seedDemo(db, { nowS: Math.floor(Date.now() / 1000) });
  } finally {
    await db.destroy();
  }

  const workers = Math.max(1, Number(env.WORKERS ?? 2) || 2);
  // Workers neither migrate concurrently (already done) nor seed (done once, above).
  const workerEnv = { ...env, SEED_DEMO: '0' };
  cluster.setupPrimary({ exec: resolve('server/main.ts') });
  let stopping = false;
  const fork = (): Worker => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (let i = 0; i < workers; i += 1) fork();

  const url = `http://localhost:${config.port}`;
  console.log([
    `Courier portal cluster: ${workers} server processes on ${url} (PostgreSQL ${new URL(config.databaseUrl ?? '').host}/${DATABASE_NAME})`,
    ...(seed ? [
      `  demo login: ${DEMO_ACCOUNTS.vendor.email} / ${DEMO_PASSWORD}  (Saudi parent vendor and outlets)`,
      `  demo login: ${DEMO_ACCOUNTS.other.email} / ${DEMO_PASSWORD}  (Singapore, Pakistan, Kuwait vendors)`,
      `  register with vendor code ${DEMO_UNREGISTERED_VENDOR_CODE}`,
    ] : []),
  ].join('\n'));

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    // Each worker finishes its requests and closes its websockets with 1012 (server/main.ts).
    for (const worker of alive) worker.process.kill(signal);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    Promise.all(alive.map((worker) => new Promise((done) => worker.once('exit', done)))).then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGTERM'));
}

primary().catch((error: unknown) => {
  console.error('cluster failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
