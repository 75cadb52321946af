// The sandbox provider's state in the database (tables of migration 005), so every server process
// works on one sandbox: an intent created through one process is confirmed through another.
// Operations run one at a time across all processes: PostgreSQL takes a transaction-scoped advisory
// lock, SQLite a write lock (BEGIN IMMEDIATE) up front. A sandbox sees a handful of operations per
// payment, so one lock costs nothing and makes "never capture twice" hold without per-row reasoning;
// the ledger's primary key (intent_id, kind) backs it up.
import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { PaymentsSandboxTables } from './tables';
import type { LedgerEntry, SandboxStore, SandboxTx, StoredIntent, StoredSavedCard, WalletRecord } from './sandboxState';

type PaymentsDb = Kysely<Database & PaymentsSandboxTables>;

/** Any fixed int8: names the sandbox's advisory lock among the database's others. */
const SANDBOX_LOCK_KEY = 0x5041_5953; // "PAYS"

function databaseTx(db: PaymentsDb): SandboxTx {
  const wallet = (row: { wallet_id: string; vendor_id: string; tokens: string } | undefined): WalletRecord | undefined =>
    row ? { wallet_id: row.wallet_id, vendor_id: row.vendor_id, tokens: JSON.parse(row.tokens) as WalletRecord['tokens'] } : undefined;
  return {
    wallet: async (walletId) =>
      wallet(await db.selectFrom('payment_wallets').selectAll().where('wallet_id', '=', walletId).executeTakeFirst()),
    walletOfVendor: async (vendorId) =>
      wallet(await db.selectFrom('payment_wallets').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst()),
    putWallet: async (record) => {
      const tokens = JSON.stringify(record.tokens);
      await db.insertInto('payment_wallets').values({ wallet_id: record.wallet_id, vendor_id: record.vendor_id, tokens })
        .onConflict((oc) => oc.column('wallet_id').doUpdateSet({ tokens }))
        .execute();
    },
    intent: async (intentId) => {
      const row = await db.selectFrom('payment_intents').select('document').where('intent_id', '=', intentId).executeTakeFirst();
      return row ? (JSON.parse(row.document) as StoredIntent) : undefined;
    },
    putIntent: async (intent) => {
      const changes = { status: intent.status, document: JSON.stringify(intent), updated_at: intent.updated_at };
      await db.insertInto('payment_intents').values({ intent_id: intent.intent_id, vendor_id: intent.vendor_id, ...changes })
        .onConflict((oc) => oc.column('intent_id').doUpdateSet(changes))
        .execute();
    },
    savedCards: async (vendorId) => {
      const rows = await db.selectFrom('payment_saved_cards').select('document').where('vendor_id', '=', vendorId)
        .orderBy('saved_at').orderBy('card_id').execute();
      return rows.map((row) => JSON.parse(row.document) as StoredSavedCard);
    },
    putSavedCard: async (vendorId, card) => {
      const document = JSON.stringify(card);
      // Strictly after the vendor's last card, so the list keeps the order cards were saved in.
      const last = await db.selectFrom('payment_saved_cards').select((eb) => eb.fn.max('saved_at').as('saved_at'))
        .where('vendor_id', '=', vendorId).executeTakeFirst();
      const savedAt = Math.max(Date.now(), Number(last?.saved_at ?? 0) + 1);
      await db.insertInto('payment_saved_cards').values({ card_id: card.id, vendor_id: vendorId, saved_at: savedAt, document })
        .onConflict((oc) => oc.column('card_id').doUpdateSet({ document }))
        .execute();
    },
    record: async (entry) => {
      await db.insertInto('payment_ledger').values(entry).execute();
    },
  };
}

export function createDatabaseSandboxStore(store: Db): SandboxStore {
  const db: PaymentsDb = store.withTables<PaymentsSandboxTables>();
  const postgres = isPostgres(store);
  return {
    transaction: (work) =>
      db.connection().execute(async (connection) => {
        await sql.raw(postgres ? 'begin' : 'begin immediate').execute(connection);
        try {
          if (postgres) await sql`select pg_advisory_xact_lock(${SANDBOX_LOCK_KEY})`.execute(connection);
          const result = await work(databaseTx(connection));
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => undefined); // the original error matters
          throw error;
        }
      }),
    ledger: async (): Promise<LedgerEntry[]> =>
      db.selectFrom('payment_ledger').select(['kind', 'intent_id', 'amount', 'currency', 'at']).orderBy('at').orderBy('kind').execute(),
  };
}
