// The server's payment port (DESIGN.md "Real parts", API.md "Vouchers and payment"): types only. The
// embedded default is a sandbox with documented test cards (sandboxProvider.ts, README.md here); a
// real provider plugs in behind the same interface. Expected outcomes (decline, challenge) are values; misuse (unknown intent, wrong
// token, cancel after capture) throws PaymentProviderError with a code the routes map to HTTP.
import type { CardScheme } from '../../domain/paymentCard';

export interface WalletAuthorization {
  wallet_id: string;
  access_token: string;
  /** Seconds. */
  expires_in: number;
}

export interface CreateIntentInput {
  wallet_id: string;
  access_token: string;
  vendor_id: string;
  /** Major units (e.g. 23.5 SAR). */
  amount: number;
  /** ISO 4217. */
  currency: string;
}

export interface IntentCreated {
  intent_id: string;
  /** Card methods the payer may use: 'cybersource_creditcard', 'generic_creditcard'. */
  payment_methods: string[];
  /** The vendor's saved cards, usable as payment_instrument_id on confirm. */
  saved_cards: SavedCard[];
}

/** Raw card fields, as typed by the payer. Only last4, scheme and expiry are ever kept. */
export interface CardInput {
  number: string;
  expiry_month: number;
  expiry_year: number;
  cvc: string;
  holder_name: string;
}

export interface ConfirmIntentInput {
  intent_id: string;
  access_token: string;
  payment_method: string;
  /** 'NEW' for a card typed now, else the id of a saved card of the intent's vendor. */
  payment_instrument_id: 'NEW' | string;
  card?: CardInput;
  /** Alternative to `card`: compact JWE (RSA-OAEP-256, A256GCM) of the CardInput JSON, encrypted with cardEncryptionKey(). */
  encrypted_card?: string;
  save_card: boolean;
  /**
   * Where the challenge page sends the browser back after Approve / Reject: a path ('/order-tracking?...')
   * or an absolute URL on publicOrigin; anything else is refused (no open redirect).
   */
  return_url: string;
}

export type ConfirmResult =
  | { status: 'captured' }
  | { status: 'declined'; reason: DeclineReason }
  | { status: 'challenge'; redirect_url: string };

export type DeclineReason = 'card_declined' | 'invalid_card_number' | 'card_expired' | 'invalid_cvc' | 'challenge_rejected';

export type IntentStatus = 'created' | 'challenge' | 'captured' | 'declined' | 'cancelled' | 'refunded';

export interface CardSummary {
  scheme: CardScheme;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  holder_name: string;
}

/** The card number's rules live in the domain (the card form uses them too). */
export type { CardScheme };

export interface SavedCard extends CardSummary {
  /** Random token; the only handle on the card. */
  id: string;
}

export interface PaymentIntent {
  intent_id: string;
  vendor_id: string;
  wallet_id: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  payment_method: string | null;
  card: CardSummary | null;
  decline_reason: DeclineReason | null;
  return_url: string | null;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

export interface ChallengeOutcome {
  status: 'captured' | 'declined';
  /** The confirm call's return_url, for the challenge page to redirect to. */
  return_url: string;
  intent: PaymentIntent;
}

export interface PaymentProvider {
  authorizeWallet(vendorId: string): Promise<WalletAuthorization>;
  createIntent(input: CreateIntentInput): Promise<IntentCreated>;
  /** Idempotent: confirming a captured intent again answers `captured` without a second capture. */
  confirmIntent(input: ConfirmIntentInput): Promise<ConfirmResult>;
  /** Called by the challenge page's form post. */
  completeChallenge(intentId: string, outcome: 'approve' | 'reject'): Promise<ChallengeOutcome>;
  getIntent(intentId: string): Promise<PaymentIntent | null>;
  listSavedCards(vendorId: string): Promise<SavedCard[]>;
  /** Only a captured intent can be refunded; refunding twice is a no-op. */
  refund(intentId: string): Promise<PaymentIntent>;
  /** Refused (code 'already_captured') once captured; cancelling twice is a no-op. */
  cancel(intentId: string): Promise<PaymentIntent>;
  /** Public JWK the browser may use to produce `encrypted_card`. */
  cardEncryptionKey(): Promise<JsonWebKey>;
}
