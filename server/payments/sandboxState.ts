// The sandbox provider's persisted state and its JSON-file store. Holds no card number and no CVC:
// cards are kept as scheme, last4, expiry, holder and a random token; access tokens only as hashes.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { CardSummary, PaymentIntent, SavedCard } from './provider';
import type { SandboxBehaviour } from './testCards';

export interface WalletRecord {
  wallet_id: string;
  vendor_id: string;
  /** sha256 (hex) of each live access token, with its expiry (unix s). */
  tokens: { hash: string; expires_at: number }[];
}

export interface StoredSavedCard extends SavedCard {
  /** How the sandbox treats this card again (a challenge card challenges every time). Not a card number. */
  behaviour: SandboxBehaviour;
}

/** A challenge waiting for Approve / Reject. */
export interface PendingChallenge {
  card: CardSummary;
  behaviour: SandboxBehaviour;
  save_card: boolean;
  /** Set when the payer chose a saved card (nothing to save again). */
  saved_card_id: string | null;
}

export interface StoredIntent extends PaymentIntent {
  pending_challenge: PendingChallenge | null;
}

export interface LedgerEntry {
  kind: 'capture' | 'refund';
  intent_id: string;
  amount: number;
  currency: string;
  at: number;
}

export interface SandboxState {
  version: 1;
  wallets: Record<string, WalletRecord>;
  intents: Record<string, StoredIntent>;
  saved_cards: Record<string, StoredSavedCard[]>;
  /** Every money movement; a capture appears at most once per intent. */
  ledger: LedgerEntry[];
}

export function emptySandboxState(): SandboxState {
  return { version: 1, wallets: {}, intents: {}, saved_cards: {}, ledger: [] };
}

export interface SandboxStateStore {
  load(): Promise<SandboxState>;
  save(state: SandboxState): Promise<void>;
}

export const SANDBOX_STATE_FILE = 'payments-sandbox.json';

/** JSON file under dataDir, replaced atomically (temp file + rename) so a crash never leaves half a file. */
export function createJsonFileStateStore(dataDir: string): SandboxStateStore {
  const file = join(dataDir, SANDBOX_STATE_FILE);
  return {
    async load() {
      try {
        return JSON.parse(await readFile(file, 'utf8')) as SandboxState;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptySandboxState();
        throw error;
      }
    },
    async save(state) {
      await mkdir(dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, JSON.stringify(state, null, 2), { mode: 0o600 });
      await rename(temp, file);
    },
  };
}
