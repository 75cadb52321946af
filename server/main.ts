// Starts the portal. Prints the URL and the demo logins; on SIGTERM/SIGINT stops accepting, lets
// in-flight requests finish (Fastify's close), then closes the database.
// `npm start` runs it bundled (scripts/build-server.mjs: ~50 MiB less resident memory than tsx) as
// `node --max-old-space-size=768 .server-dist/main.mjs`. Below V8's default cap (derived from the
// machine's RAM: ~4 GiB on 24 GB) V8 grows the heap by smaller steps, collecting sooner: the bulk
// bench's peak went from 275-330 to 263-271 MiB at the same throughput. The live heap under a 10 000-row
// job is ~100 MiB, so 768 leaves room for several at once. `npm run dev` / `npx tsx server/main.ts`
// run the source directly.
import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_UNREGISTERED_VENDOR_CODE } from './db/seed';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  // Under `npm run start:cluster` each worker says which process it is.
  const worker = cluster.isWorker ? `, worker pid ${process.pid}` : '';
  const lines = [`Courier portal listening on ${url} (brand ${config.brand}, country ${config.country}${worker})`];
  if (config.seedDemo) {
    lines.push(
      `  demo login: ${DEMO_ACCOUNTS.vendor.email} / ${DEMO_PASSWORD}  (Saudi parent vendor and outlets)`,
      `  demo login: ${DEMO_ACCOUNTS.other.email} / ${DEMO_PASSWORD}  (Singapore, Pakistan, Kuwait vendors)`,
      `  register with vendor code ${DEMO_UNREGISTERED_VENDOR_CODE}; mail goes to ${config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox`}`,
    );
  }
  if (config.opsToken) lines.push('  /ops routes enabled (Authorization: Ops $OPS_TOKEN)');
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close(): stops accepting, waits for in-flight requests, runs onClose hooks (db, websockets).
    app.close().then(() => process.exit(0), (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
