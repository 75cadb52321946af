// Tables of migration 005 (the sandbox payment provider's state). Not in server/db/schema.ts's
// Database: only server/payments reads them, through `db.withTables<PaymentsSandboxTables>()`.

export interface PaymentWalletsTable {
  wallet_id: string;
  /** One wallet per vendor. */
  vendor_id: string;
  /** JSON: `{hash, expires_at}[]`, sha256 (hex) of each live access token and its expiry (unix s). */
  tokens: string;
}

export interface PaymentIntentsTable {
  intent_id: string;
  vendor_id: string;
  status: string;
  /** JSON: the StoredIntent (server/payments/sandboxState.ts); never a card number or CVC. */
  document: string;
  /** Unix seconds. */
  updated_at: number;
}

export interface PaymentSavedCardsTable {
  card_id: string;
  vendor_id: string;
  /** Unix milliseconds; the vendor's cards are listed in this order. */
  saved_at: number;
  /** JSON: the StoredSavedCard (scheme, last4, expiry, holder, sandbox behaviour). */
  document: string;
}

/** Every money movement; the primary key (intent_id, kind) allows one capture and one refund per intent. */
export interface PaymentLedgerTable {
  intent_id: string;
  kind: 'capture' | 'refund';
  amount: number;
  currency: string;
  /** Unix seconds. */
  at: number;
}

/** The card-encryption key pair, created once by whichever process needs it first. */
export interface PaymentSandboxKeysTable {
  name: string;
  /** JSON: `{publicJwk, privateJwk}`. */
  key_pair: string;
}

/** A type alias, not an interface: Kysely's withTables wants an indexable record. */
export type PaymentsSandboxTables = {
  payment_wallets: PaymentWalletsTable;
  payment_intents: PaymentIntentsTable;
  payment_saved_cards: PaymentSavedCardsTable;
  payment_ledger: PaymentLedgerTable;
  payment_sandbox_keys: PaymentSandboxKeysTable;
};
