// The embedded sandbox PaymentProvider: wallets with short-lived access tokens, intents, the documented
// test cards, a challenge page, saved cards, refunds and cancels, all persisted through a state store.
// Every operation runs one at a time on the in-memory state and is saved before it answers, so two
// concurrent confirms of one intent can never capture twice.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
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
import { PaymentProviderError } from './errors';
import { cardDigits, checkCard } from './cardChecks';
import { createCardDecryptor } from './cardEncryption';
import { challengePath } from './challengePage';
import { sandboxBehaviourOf, type SandboxBehaviour } from './testCards';
import {
  createJsonFileStateStore,
  type SandboxState,
  type SandboxStateStore,
  type StoredIntent,
  type StoredSavedCard,
} from './sandboxState';

export interface SandboxProviderOptions {
  dataDir: string;
  /** Origin the browser reaches the server on (e.g. 'https://portal.example'); redirect URLs are relative without it. */
  publicOrigin?: string;
  /** Replaces the JSON file under dataDir. */
  store?: SandboxStateStore;
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
  const store = opts.store ?? createJsonFileStateStore(opts.dataDir);
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const decryptor = createCardDecryptor(opts.dataDir);
  const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : null;

  let state: SandboxState | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `work` after every earlier operation, on the loaded state; saves it when `work` changed it. */
  function serialised<T>(work: (s: SandboxState) => Promise<{ result: T; changed: boolean }>): Promise<T> {
    const run = queue.then(async () => {
      state ??= await store.load();
      const { result, changed } = await work(state);
      if (changed) {
        try {
          await store.save(state);
        } catch (error) {
          state = null; // memory may now be ahead of the file: reload it on the next operation
          throw error;
        }
      }
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  }
  const read = <T>(work: (s: SandboxState) => T) => serialised(async (s) => ({ result: work(s), changed: false }));
  const write = <T>(work: (s: SandboxState) => Promise<T> | T) =>
    serialised(async (s) => ({ result: await work(s), changed: true }));

  function intentOf(s: SandboxState, intentId: string): StoredIntent {
    const intent = s.intents[intentId];
    if (!intent) throw new PaymentProviderError('intent_not_found');
    return intent;
  }

  function assertToken(s: SandboxState, walletId: string, accessToken: string): void {
    const wallet = s.wallets[walletId];
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

  function capture(s: SandboxState, intent: StoredIntent, card: CardSummary): void {
    intent.status = 'captured';
    intent.card = card;
    intent.decline_reason = null;
    intent.pending_challenge = null;
    intent.updated_at = now();
    s.ledger.push({ kind: 'capture', intent_id: intent.intent_id, amount: intent.amount, currency: intent.currency, at: now() });
  }

  /** Keeps one saved card per (scheme, last4, expiry) and vendor; returns the kept card. */
  function saveCard(s: SandboxState, vendorId: string, card: CardSummary, behaviour: SandboxBehaviour): void {
    const cards = (s.saved_cards[vendorId] ??= []);
    const same = cards.find(
      (saved) =>
        saved.scheme === card.scheme && saved.last4 === card.last4 &&
        saved.expiry_month === card.expiry_month && saved.expiry_year === card.expiry_year,
    );
    if (same) same.holder_name = card.holder_name;
    else cards.push({ id: randomId('card'), ...card, behaviour });
  }

  /** Resolves the instrument to a card summary and sandbox behaviour, or a decline. */
  async function resolveInstrument(
    s: SandboxState,
    intent: StoredIntent,
    input: ConfirmIntentInput,
  ): Promise<{ card: CardSummary; behaviour: SandboxBehaviour; savedCardId: string | null } | { declined: ConfirmResult }> {
    if (input.payment_instrument_id !== 'NEW') {
      const saved = s.saved_cards[intent.vendor_id]?.find((card) => card.id === input.payment_instrument_id);
      if (!saved) throw new PaymentProviderError('invalid_instrument');
      const { id, behaviour, ...card } = saved;
      return { card, behaviour, savedCardId: id };
    }
    const raw = input.card ?? (input.encrypted_card ? await decryptor.decrypt(input.encrypted_card) : null);
    if (!raw) throw new PaymentProviderError('card_required');
    const checked = checkCard(raw, now());
    if (!checked.ok) return { declined: { status: 'declined', reason: checked.reason } };
    return { card: checked.summary, behaviour: sandboxBehaviourOf(cardDigits(raw.number) ?? ''), savedCardId: null };
  }

  return {
    authorizeWallet: (vendorId) =>
      write((s): WalletAuthorization => {
        const wallet = Object.values(s.wallets).find((w) => w.vendor_id === vendorId) ?? {
          wallet_id: randomId('wal'),
          vendor_id: vendorId,
          tokens: [],
        };
        s.wallets[wallet.wallet_id] = wallet;
        const accessToken = randomBytes(32).toString('base64url');
        wallet.tokens = wallet.tokens.filter((token) => token.expires_at > now());
        wallet.tokens.push({ hash: sha256(accessToken), expires_at: now() + ACCESS_TOKEN_TTL_S });
        return { wallet_id: wallet.wallet_id, access_token: accessToken, expires_in: ACCESS_TOKEN_TTL_S };
      }),

    createIntent: (input: CreateIntentInput) =>
      write((s): IntentCreated => {
        assertToken(s, input.wallet_id, input.access_token);
        if (s.wallets[input.wallet_id]?.vendor_id !== input.vendor_id) throw new PaymentProviderError('invalid_token');
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
        s.intents[intent.intent_id] = intent;
        return {
          intent_id: intent.intent_id,
          payment_methods: [...CARD_PAYMENT_METHODS],
          saved_cards: (s.saved_cards[input.vendor_id] ?? []).map(publicCard),
        };
      }),

    confirmIntent: (input: ConfirmIntentInput) =>
      write(async (s): Promise<ConfirmResult> => {
        const intent = intentOf(s, input.intent_id);
        assertToken(s, intent.wallet_id, input.access_token);
        // Idempotent replies: a second confirm never moves money again.
        if (intent.status === 'captured') return { status: 'captured' };
        if (intent.status === 'challenge' && intent.return_url) {
          return { status: 'challenge', redirect_url: challengePath(intent.intent_id, publicOrigin) };
        }
        if (intent.status === 'cancelled' || intent.status === 'refunded') throw new PaymentProviderError('invalid_state');
        if (!(CARD_PAYMENT_METHODS as readonly string[]).includes(input.payment_method)) {
          throw new PaymentProviderError('invalid_payment_method');
        }
        assertReturnUrl(input.return_url);

        const instrument = await resolveInstrument(s, intent, input);
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
        capture(s, intent, card);
        if (input.save_card && savedCardId === null) saveCard(s, intent.vendor_id, card, behaviour);
        return { status: 'captured' };
      }),

    completeChallenge: (intentId, outcome) =>
      write((s): ChallengeOutcome => {
        const intent = intentOf(s, intentId);
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
          return answer('declined');
        }
        capture(s, intent, pending.card);
        if (pending.save_card && pending.saved_card_id === null) saveCard(s, intent.vendor_id, pending.card, pending.behaviour);
        return answer('captured');
      }),

    getIntent: (intentId) =>
      read((s) => {
        const intent = s.intents[intentId];
        return intent ? publicIntent(intent) : null;
      }),

    listSavedCards: (vendorId) => read((s) => (s.saved_cards[vendorId] ?? []).map(publicCard)),

    refund: (intentId) =>
      write((s) => {
        const intent = intentOf(s, intentId);
        if (intent.status === 'refunded') return publicIntent(intent);
        if (intent.status !== 'captured') throw new PaymentProviderError('not_captured');
        intent.status = 'refunded';
        intent.updated_at = now();
        s.ledger.push({ kind: 'refund', intent_id: intent.intent_id, amount: intent.amount, currency: intent.currency, at: now() });
        return publicIntent(intent);
      }),

    cancel: (intentId) =>
      write((s) => {
        const intent = intentOf(s, intentId);
        if (intent.status === 'cancelled') return publicIntent(intent);
        if (intent.status === 'captured' || intent.status === 'refunded') throw new PaymentProviderError('already_captured');
        intent.status = 'cancelled';
        intent.pending_challenge = null;
        intent.updated_at = now();
        return publicIntent(intent);
      }),

    cardEncryptionKey: async () => (await decryptor.publicJwk()) as JsonWebKey,
  };
}
