// The sandbox provider's state and the port it is kept behind. Holds no card number and no CVC: cards
// are kept as scheme, last4, expiry, holder and a random token; access tokens only as hashes.
// Two stores implement the port: the database (server/payments/dbSandboxStore.ts, shared by every
// server process) and a JSON file in DATA_DIR (one process alone; tests and tools without a database).
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

/** What one operation may read and write. Values handed out are copies: change them, then put them back. */
export interface SandboxTx {
  wallet(walletId: string): Promise<WalletRecord | undefined>;
  walletOfVendor(vendorId: string): Promise<WalletRecord | undefined>;
  putWallet(wallet: WalletRecord): Promise<void>;
  intent(intentId: string): Promise<StoredIntent | undefined>;
  putIntent(intent: StoredIntent): Promise<void>;
  /** The vendor's cards, oldest first. */
  savedCards(vendorId: string): Promise<StoredSavedCard[]>;
  /** Inserts the card, or replaces the one with its id. */
  putSavedCard(vendorId: string, card: StoredSavedCard): Promise<void>;
  record(entry: LedgerEntry): Promise<void>;
}

export interface SandboxStore {
  /**
   * Runs `work` alone against the state (no other operation, in this process or another, interleaves)
   * and keeps its writes only if it returns: a throw leaves the state as it was.
   */
  transaction<T>(work: (tx: SandboxTx) => Promise<T>): Promise<T>;
  /** Every money movement so far, oldest first (tests, ops). */
  ledger(): Promise<LedgerEntry[]>;
}

/** The JSON file's content. */
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

export const SANDBOX_STATE_FILE = 'payments-sandbox.json';

async function readStateFile(file: string): Promise<SandboxState> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SandboxState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptySandboxState();
    throw error;
  }
}

/** SandboxTx over an in-memory state; `changed` tells whether anything was put. */
function memoryTx(s: SandboxState): { tx: SandboxTx; changed: () => boolean } {
  let changed = false;
  const copy = structuredClone;
  const tx: SandboxTx = {
    wallet: async (walletId) => (s.wallets[walletId] ? copy(s.wallets[walletId]) : undefined),
    walletOfVendor: async (vendorId) => {
      const wallet = Object.values(s.wallets).find((w) => w.vendor_id === vendorId);
      return wallet ? copy(wallet) : undefined;
    },
    putWallet: async (wallet) => { s.wallets[wallet.wallet_id] = copy(wallet); changed = true; },
    intent: async (intentId) => (s.intents[intentId] ? copy(s.intents[intentId]) : undefined),
    putIntent: async (intent) => { s.intents[intent.intent_id] = copy(intent); changed = true; },
    savedCards: async (vendorId) => copy(s.saved_cards[vendorId] ?? []),
    putSavedCard: async (vendorId, card) => {
      const cards = (s.saved_cards[vendorId] ??= []);
      const index = cards.findIndex((saved) => saved.id === card.id);
      if (index >= 0) cards[index] = copy(card);
      else cards.push(copy(card));
      changed = true;
    },
    record: async (entry) => { s.ledger.push({ ...entry }); changed = true; },
  };
  return { tx, changed: () => changed };
}

/**
 * DATA_DIR/payments-sandbox.json, replaced atomically (temp file + rename, mode 0600) so a crash never
 * leaves half a file. Kept in memory between operations, so it serves ONE process: a second process
 * on the same file would not see the first one's changes (use the database store there).
 */
export function createJsonFileSandboxStore(dataDir: string): SandboxStore {
  const file = join(dataDir, SANDBOX_STATE_FILE);
  let state: SandboxState | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const save = async (s: SandboxState) => {
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(s, null, 2), { mode: 0o600 });
    await rename(temp, file);
  };

  function serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    transaction: (work) =>
      serialised(async () => {
        // Work on a copy: a throw (or a failed save) leaves the kept state untouched.
        const draft = structuredClone((state ??= await readStateFile(file)));
        const { tx, changed } = memoryTx(draft);
        const result = await work(tx);
        if (changed()) {
          await save(draft);
          state = draft;
        }
        return result;
      }),
    ledger: () => serialised(async () => structuredClone((state ??= await readStateFile(file)).ledger)),
  };
}
