// The embedded sandbox PaymentProvider: wallets with short-lived access tokens, intents, the documented
// test cards, a challenge page, saved cards, refunds and cancels, all kept in a SandboxStore. Every
// operation is one store transaction, alone against the state (in every process, with the database
// store), so two concurrent confirms of one intent can never capture twice.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  CardInput,
  CardSummary,
  ChallengeOutcome,
  ConfirmIntentInput,
  ConfirmResult,
  CreateIntentInput,
  IntentCreated,
  PaymentIntent,
  PaymentProvider,
  SavedCard,
  WalletAuthorization,
} from './provider';
import type { Db } from '../db/connect';
import { PaymentProviderError } from './errors';
import { cardDigits, checkCard } from './cardChecks';
import { createCardDecryptor, databaseKeyPairSource, fileKeyPairSource } from './cardEncryption';
import { challengePath } from './challengePage';
import { createDatabaseSandboxStore } from './dbSandboxStore';
import { sandboxBehaviourOf, type SandboxBehaviour } from './testCards';
import {
  createJsonFileSandboxStore,
  type SandboxStore,
  type SandboxTx,
  type StoredIntent,
  type StoredSavedCard,
} from './sandboxState';

export interface SandboxProviderOptions {
  dataDir: string;
  /**
   * The server's database: the sandbox state and its card-encryption key live there, shared by every
   * server process. Without it they are files in dataDir, which serve one process only.
   */
  db?: Db;
  /** Origin the browser reaches the server on (e.g. 'https://portal.example'); redirect URLs are relative without it. */
  publicOrigin?: string;
  /** Replaces the store chosen from `db` / `dataDir`. */
  store?: SandboxStore;
  /** Unix seconds; a parameter so tests control time. */
  now?: () => number;
}

export const CARD_PAYMENT_METHODS = ['cybersource_creditcard', 'generic_creditcard'] as const;
export const ACCESS_TOKEN_TTL_S = 3600;

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function publicIntent(intent: StoredIntent): PaymentIntent {
  const { pending_challenge: _pending, ...visible } = intent;
  return structuredClone(visible);
}

function publicCard(card: StoredSavedCard): SavedCard {
  const { behaviour: _behaviour, ...visible } = card;
  return { ...visible };
}

export function createSandboxPaymentProvider(opts: SandboxProviderOptions): PaymentProvider {
  const store = opts.store ?? (opts.db ? createDatabaseSandboxStore(opts.db) : createJsonFileSandboxStore(opts.dataDir));
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const decryptor = createCardDecryptor(opts.db ? databaseKeyPairSource(opts.db) : fileKeyPairSource(opts.dataDir));
  const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : null;
  const transaction = <T>(work: (tx: SandboxTx) => Promise<T>) => store.transaction(work);

  async function intentOf(tx: SandboxTx, intentId: string): Promise<StoredIntent> {
    const intent = await tx.intent(intentId);
    if (!intent) throw new PaymentProviderError('intent_not_found');
    return intent;
  }

  async function assertToken(tx: SandboxTx, walletId: string, accessToken: string): Promise<void> {
    const wallet = await tx.wallet(walletId);
    const presented = Buffer.from(sha256(accessToken));
    const live = wallet?.tokens.some(
      (token) => token.expires_at > now() && timingSafeEqual(Buffer.from(token.hash), presented),
    );
    if (!live) throw new PaymentProviderError('invalid_token');
  }

  function assertReturnUrl(returnUrl: string): void {
    const isPath = returnUrl.startsWith('/') && !returnUrl.startsWith('//') && !returnUrl.includes('\\');
    const isOwnOrigin = publicOrigin !== null && URL.canParse(returnUrl) && new URL(returnUrl).origin === publicOrigin;
    if (!isPath && !isOwnOrigin) throw new PaymentProviderError('invalid_return_url');
  }

  /** Marks the intent captured and records the capture; the caller puts the intent. */
  async function capture(tx: SandboxTx, intent: StoredIntent, card: CardSummary): Promise<void> {
    intent.status = 'captured';
    intent.card = card;
    intent.decline_reason = null;
    intent.pending_challenge = null;
    intent.updated_at = now();
    await tx.record({ kind: 'capture', intent_id: intent.intent_id, amount: intent.amount, currency: intent.currency, at: now() });
  }

  /** Keeps one saved card per (scheme, last4, expiry) and vendor. */
  async function saveCard(tx: SandboxTx, vendorId: string, card: CardSummary, behaviour: SandboxBehaviour): Promise<void> {
    const same = (await tx.savedCards(vendorId)).find(
      (saved) =>
        saved.scheme === card.scheme && saved.last4 === card.last4 &&
        saved.expiry_month === card.expiry_month && saved.expiry_year === card.expiry_year,
    );
    await tx.putSavedCard(vendorId, same ? { ...same, holder_name: card.holder_name } : { id: randomId('card'), ...card, behaviour });
  }

  /**
   * The typed or decrypted card of a confirm. Decrypted before the transaction: RSA work stays out of
   * the lock, and the key's first load may need the database connection the transaction holds (SQLite).
   * A bad JWE is kept as the error, thrown where the instrument is resolved, after the intent checks.
   */
  type RawCard = { card: CardInput | null } | { error: unknown };
  async function rawCardOf(input: ConfirmIntentInput): Promise<RawCard> {
    if (input.payment_instrument_id !== 'NEW' || input.card || !input.encrypted_card) return { card: input.card ?? null };
    return decryptor.decrypt(input.encrypted_card).then((card) => ({ card }), (error: unknown) => ({ error }));
  }

  /** Resolves the instrument to a card summary and sandbox behaviour, or a decline. */
  async function resolveInstrument(
    tx: SandboxTx,
    intent: StoredIntent,
    input: ConfirmIntentInput,
    rawCard: RawCard,
  ): Promise<{ card: CardSummary; behaviour: SandboxBehaviour; savedCardId: string | null } | { declined: ConfirmResult }> {
    if (input.payment_instrument_id !== 'NEW') {
      const saved = (await tx.savedCards(intent.vendor_id)).find((card) => card.id === input.payment_instrument_id);
      if (!saved) throw new PaymentProviderError('invalid_instrument');
      const { id, behaviour, ...card } = saved;
      return { card, behaviour, savedCardId: id };
    }
    if ('error' in rawCard) throw rawCard.error;
    const raw = rawCard.card;
    if (!raw) throw new PaymentProviderError('card_required');
    const checked = checkCard(raw, now());
    if (!checked.ok) return { declined: { status: 'declined', reason: checked.reason } };
    return { card: checked.summary, behaviour: sandboxBehaviourOf(cardDigits(raw.number) ?? ''), savedCardId: null };
  }

  /** The confirm decision on an intent that may still be paid; the caller puts the intent. */
  async function confirmOpen(tx: SandboxTx, intent: StoredIntent, input: ConfirmIntentInput, rawCard: RawCard): Promise<ConfirmResult> {
    if (!(CARD_PAYMENT_METHODS as readonly string[]).includes(input.payment_method)) {
      throw new PaymentProviderError('invalid_payment_method');
    }
    assertReturnUrl(input.return_url);
    const instrument = await resolveInstrument(tx, intent, input, rawCard);
    intent.payment_method = input.payment_method;
    intent.return_url = input.return_url;
    intent.updated_at = now();
    if ('declined' in instrument) {
      intent.status = 'declined';
      intent.decline_reason = instrument.declined.status === 'declined' ? instrument.declined.reason : null;
      return instrument.declined;
    }
    const { card, behaviour, savedCardId } = instrument;
    intent.card = card;
    if (behaviour === 'decline') {
      intent.status = 'declined';
      intent.decline_reason = 'card_declined';
      return { status: 'declined', reason: 'card_declined' };
    }
    if (behaviour === 'challenge') {
      intent.status = 'challenge';
      intent.pending_challenge = { card, behaviour, save_card: input.save_card, saved_card_id: savedCardId };
      return { status: 'challenge', redirect_url: challengePath(intent.intent_id, publicOrigin) };
    }
    await capture(tx, intent, card);
    if (input.save_card && savedCardId === null) await saveCard(tx, intent.vendor_id, card, behaviour);
    return { status: 'captured' };
  }

  return {
    authorizeWallet: (vendorId) =>
      transaction(async (tx): Promise<WalletAuthorization> => {
        const wallet = (await tx.walletOfVendor(vendorId)) ?? { wallet_id: randomId('wal'), vendor_id: vendorId, tokens: [] };
        const accessToken = randomBytes(32).toString('base64url');
        wallet.tokens = wallet.tokens.filter((token) => token.expires_at > now());
        wallet.tokens.push({ hash: sha256(accessToken), expires_at: now() + ACCESS_TOKEN_TTL_S });
        await tx.putWallet(wallet);
        return { wallet_id: wallet.wallet_id, access_token: accessToken, expires_in: ACCESS_TOKEN_TTL_S };
      }),

    createIntent: (input: CreateIntentInput) =>
      transaction(async (tx): Promise<IntentCreated> => {
        await assertToken(tx, input.wallet_id, input.access_token);
        if ((await tx.wallet(input.wallet_id))?.vendor_id !== input.vendor_id) throw new PaymentProviderError('invalid_token');
        if (!Number.isFinite(input.amount) || input.amount <= 0) throw new PaymentProviderError('invalid_amount');
        if (!/^[A-Z]{3}$/.test(input.currency)) throw new PaymentProviderError('invalid_currency');
        const intent: StoredIntent = {
          intent_id: randomId('pi'),
          vendor_id: input.vendor_id,
          wallet_id: input.wallet_id,
          amount: input.amount,
          currency: input.currency,
          status: 'created',
          payment_method: null,
          card: null,
          decline_reason: null,
          return_url: null,
          created_at: now(),
          updated_at: now(),
          pending_challenge: null,
        };
        await tx.putIntent(intent);
        return {
          intent_id: intent.intent_id,
          payment_methods: [...CARD_PAYMENT_METHODS],
          saved_cards: (await tx.savedCards(input.vendor_id)).map(publicCard),
        };
      }),

    confirmIntent: async (input: ConfirmIntentInput) => {
      const rawCard = await rawCardOf(input);
      return transaction(async (tx): Promise<ConfirmResult> => {
        const intent = await intentOf(tx, input.intent_id);
        await assertToken(tx, intent.wallet_id, input.access_token);
        // Idempotent replies: a second confirm never moves money again.
        if (intent.status === 'captured') return { status: 'captured' };
        if (intent.status === 'challenge' && intent.return_url) {
          return { status: 'challenge', redirect_url: challengePath(intent.intent_id, publicOrigin) };
        }
        if (intent.status === 'cancelled' || intent.status === 'refunded') throw new PaymentProviderError('invalid_state');
        const result = await confirmOpen(tx, intent, input, rawCard);
        await tx.putIntent(intent);
        return result;
      });
    },

    completeChallenge: (intentId, outcome) =>
      transaction(async (tx): Promise<ChallengeOutcome> => {
        const intent = await intentOf(tx, intentId);
        const answer = (status: ChallengeOutcome['status']): ChallengeOutcome => ({
          status,
          return_url: intent.return_url ?? '/',
          intent: publicIntent(intent),
        });
        // A second click (or a replayed form post) gets the first answer.
        if (intent.status === 'captured') return answer('captured');
        if (intent.status === 'declined' && intent.decline_reason === 'challenge_rejected') return answer('declined');
        const pending = intent.pending_challenge;
        if (intent.status !== 'challenge' || !pending) throw new PaymentProviderError('invalid_state');
        if (outcome === 'reject') {
          intent.status = 'declined';
          intent.decline_reason = 'challenge_rejected';
          intent.pending_challenge = null;
          intent.updated_at = now();
          await tx.putIntent(intent);
          return answer('declined');
        }
        await capture(tx, intent, pending.card);
        if (pending.save_card && pending.saved_card_id === null) await saveCard(tx, intent.vendor_id, pending.card, pending.behaviour);
        await tx.putIntent(intent);
        return answer('captured');
      }),

    getIntent: (intentId) =>
      transaction(async (tx) => {
        const intent = await tx.intent(intentId);
        return intent ? publicIntent(intent) : null;
      }),

    listSavedCards: (vendorId) => transaction(async (tx) => (await tx.savedCards(vendorId)).map(publicCard)),

    refund: (intentId) =>
      transaction(async (tx) => {
        const intent = await intentOf(tx, intentId);
        if (intent.status === 'refunded') return publicIntent(intent);
        if (intent.status !== 'captured') throw new PaymentProviderError('not_captured');
        intent.status = 'refunded';
        intent.updated_at = now();
        await tx.record({ kind: 'refund', intent_id: intent.intent_id, amount: intent.amount, currency: intent.currency, at: now() });
        await tx.putIntent(intent);
        return publicIntent(intent);
      }),

    cancel: (intentId) =>
      transaction(async (tx) => {
        const intent = await intentOf(tx, intentId);
        if (intent.status === 'cancelled') return publicIntent(intent);
        if (intent.status === 'captured' || intent.status === 'refunded') throw new PaymentProviderError('already_captured');
        intent.status = 'cancelled';
        intent.pending_challenge = null;
        intent.updated_at = now();
        await tx.putIntent(intent);
        return publicIntent(intent);
      }),

    cardEncryptionKey: async () => (await decryptor.publicJwk()) as JsonWebKey,
  };
}
