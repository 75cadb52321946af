// Tables of migration 007 (API keys).

export interface ApiKeysTable {
  /** 16 hex digits: the public part of the key (`cpk_{key_id}_…`). */
  key_id: string;
  name: string;
  /** Per-key salt of the secret's keyed hash (keyFormat.ts). */
  salt: string;
  secret_hash: string;
  /** 1: may create and cancel orders; 0: read-only. */
  can_write: 0 | 1;
  created_by_account_id: string;
  created_by_email: string;
  created_at: number;
  /** Unix seconds, written at most once a minute. */
  last_used_at: number | null;
  /** Unix seconds; a revoked key names nobody from then on. */
  revoked_at: number | null;
}

/** The vendors a key was given: an outlet, or a parent (with its outlets). */
export interface ApiKeyVendorsTable {
  key_id: string;
  vendor_id: string;
}
