// Where the sandbox payment provider keeps its state in tests: the JSON file (one process), the
// SQLite database and, with TEST_DATABASE_URL, a fresh PostgreSQL database. The same provider tests
// run on each; `atRest()` is everything the backend stored, for "no card data at rest" checks.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createDb, type Db } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import type { PaymentProvider } from '../../server/payments/provider';
import { createSandboxPaymentProvider, type SandboxProviderOptions } from '../../server/payments/sandboxProvider';
import { createDatabaseSandboxStore } from '../../server/payments/dbSandboxStore';
import { createJsonFileSandboxStore, type LedgerEntry } from '../../server/payments/sandboxState';
import type { PaymentsSandboxTables } from '../../server/payments/tables';
import { createScratchDatabase, testDatabaseUrl } from './pg-database';

export type BackendName = 'file' | 'sqlite' | 'postgres';

export interface OpenBackend {
  /** A provider on this backend, as a (re)started server would make it. */
  provider(opts?: Omit<SandboxProviderOptions, 'dataDir' | 'db' | 'store'>): PaymentProvider;
  ledger(): Promise<LedgerEntry[]>;
  atRest(): Promise<string>;
  /** For a second process: DATABASE_URL (postgres) or the shared DATA_DIR (sqlite, file). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const backendNames = (): BackendName[] => (testDatabaseUrl() ? ['file', 'sqlite', 'postgres'] : ['file', 'sqlite']);

const TABLES: (keyof PaymentsSandboxTables)[] = ['payment_wallets', 'payment_intents', 'payment_saved_cards', 'payment_ledger', 'payment_sandbox_keys'];

async function databaseDump(db: Db): Promise<string> {
  const tables = db.withTables<PaymentsSandboxTables>();
  const dumps = await Promise.all(TABLES.filter((t) => t !== 'payment_sandbox_keys').map((t) => tables.selectFrom(t).selectAll().execute()));
  return JSON.stringify(dumps);
}

export async function openBackend(name: BackendName, dataDir: string): Promise<OpenBackend> {
  if (name === 'file') {
    return {
      provider: (opts = {}) => createSandboxPaymentProvider({ dataDir, ...opts }),
      ledger: () => createJsonFileSandboxStore(dataDir).ledger(),
      atRest: async () => {
        const files = (await readdir(dataDir)).filter((f) => f.endsWith('.json') && !f.includes('key'));
        return (await Promise.all(files.map((f) => readFile(join(dataDir, f), 'utf8')))).join('\n');
      },
      env: { DATA_DIR: dataDir },
      close: async () => {},
    };
  }
  const scratch = name === 'postgres' ? await createScratchDatabase(testDatabaseUrl() ?? '') : null;
  const db = createDb({ dataDir, databaseUrl: scratch?.url ?? null });
  await migrateToLatest(db);
  return {
    provider: (opts = {}) => createSandboxPaymentProvider({ dataDir, db, ...opts }),
    ledger: () => createDatabaseSandboxStore(db).ledger(),
    atRest: () => databaseDump(db),
    env: scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir },
    close: async () => {
      await db.destroy();
      await scratch?.drop();
    },
  };
}
