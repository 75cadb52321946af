// A second (or third) process for tests/server/payments-cluster.test.ts: opens the store the server
// would (DATABASE_URL, else the SQLite file in DATA_DIR), makes the sandbox provider on it, and runs
// the provider calls its parent sends over IPC. Bundled for each test run (runBundle.ts paymentsProcessBundle).
import { createDb } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { PaymentProviderError } from '../../server/payments/errors';
import type { PaymentProvider } from '../../server/payments/provider';
import { createSandboxPaymentProvider } from '../../server/payments/sandboxProvider';

export type ProviderCall = { [K in keyof PaymentProvider]: { id: number; method: K; args: Parameters<PaymentProvider[K]> } }[keyof PaymentProvider];
export type ProviderReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; code: string };

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? '';
  const db = createDb({ dataDir, databaseUrl: process.env.DATABASE_URL ?? null });
  await migrateToLatest(db);
  const provider = createSandboxPaymentProvider({ dataDir, db });
  process.on('message', (message: ProviderCall) => {
    const reply = (answer: ProviderReply) => process.send?.(answer);
    const method = provider[message.method] as (...args: ProviderCall['args']) => Promise<unknown>;
    method(...message.args).then(
      (value) => reply({ id: message.id, ok: true, value }),
      (error: unknown) => reply({ id: message.id, ok: false, code: error instanceof PaymentProviderError ? error.code : String(error) }),
    );
  });
  process.on('disconnect', () => { void db.destroy().finally(() => process.exit(0)); });
  process.send?.({ id: 0, ok: true, value: 'ready' } satisfies ProviderReply);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
