// Two server processes on one fresh PostgreSQL database, sharing their secrets: A is the real
// server/main.ts in a child process (it can be killed), B the harness's in-process server.
import { randomUUID } from 'node:crypto';
import { startServerProcess, type ServerProcess } from './cluster-process';
import { startServer, type TestServer } from './harness';
import { createScratchDatabase, type ScratchDatabase } from './pg-database';

export interface TwoProcesses {
  database: ScratchDatabase;
  /** The environment both share; start another process with it to join them. */
  shared: Record<string, string>;
  a: ServerProcess;
  b: TestServer;
  /** The demo vendor's Authorization header. */
  auth: string;
}

export async function startTwoProcesses(adminUrl: string, env: Record<string, string> = {}): Promise<TwoProcesses> {
  const database = await createScratchDatabase(adminUrl);
  const shared = { DATABASE_URL: database.url, JWT_SECRET: randomUUID(), FEE_SIGNING_SECRET: randomUUID(), LINK_SIGNING_SECRET: randomUUID(), ...env };
  // A seeds the demo data; B starts after it, so the two never seed at once.
  const a = await startServerProcess({ ...shared, SEED_DEMO: '1' });
  const b = await startServer({ ...shared, SEED_DEMO: '0' });
  return { database, shared, a, b, auth: await b.login('vendor@example.com') };
}
