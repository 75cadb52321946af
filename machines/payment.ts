import { assertEvent, assign, forwardTo, setup } from 'xstate';
import { isCardChoiceValid, pickPaymentMethod } from '../domain';
import type { CardChoice } from '../domain/payment';
import type { CardEncryptionKey, PaymentCardFields, UnixSeconds } from '../domain/types';
import { SIGNATURE_EXPIRED, type AppliedVoucher, type FeeRequest, type SignedFee } from './fee';
import { promiseNotProvided } from './notProvided';
import { signatureRetryMachine } from './signatureRetry';
import type { ToastParams } from './toasts';

// Online payment (SPEC.md §3 "Payment state", §4 "Payment", API.md payment calls): authorise the
// wallet, create the intent, let the user choose a new or an existing card (either card provider),
// confirm; a confirmation may ask the browser to follow a redirect (the provided `redirect` action).
// The intent carries the order's signed fee: an expired signature is renewed by signatureRetry (a
// changed fee asks the user first) and the intent is created again with the new one.

export interface Wallet {
  walletId: string;
  accessToken: string;
  expiresIn: number;
}

/** A card the wallet saved on an earlier payment, offered as the EXISTING choice. */
export interface SavedCard {
  id: string;
  lastDigits: string;
  scheme: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}

/** A new card as one card provider reports it (only its own fields are sent on). */
export interface NewCardData {
  isValid: boolean;
  holderName?: string;
  cardLastDigits?: string;
  expiryMonth?: string;
  expiryYear?: string;
  bin?: string;
  encryptedCardData?: string;
  scheme?: string;
  /** The sandbox provider takes the card as typed (a real provider sends encryptedCardData instead). */
  cardNumber?: string;
  securityCode?: string;
}

export type CardProvider = 'primary' | 'secondary';

export interface PaymentInput {
  vendorId: string;
  /** The order summary the intent is created for. */
  order: { amount: number; currency: string; deliveryFee: number };
  vatNumber: string | null;
  preorderedFor: UnixSeconds | null;
  /** The method chosen before, kept when the intent still offers it. */
  preferredMethod: string | null;
  /** What the fee was computed for, to renew its signature. */
  feeRequest: FeeRequest;
  /** The signed fee and the voucher's signed discount the intent is created with. */
  fees: OrderFees;
  voucher: AppliedVoucher | null;
}

export interface OrderFees {
  fee: SignedFee;
  discountedFee: SignedFee | null;
}

export interface PaymentContext extends PaymentInput {
  wallet: Wallet | null;
  intentId: string | null;
  orderId: string | null;
  paymentMethods: string[];
  selectedMethod: string | null;
  creditCards: SavedCard[];
  newOrExistingCard: CardChoice;
  selectedCreditCard: string | null;
  nameOnCard: string;
  saveCreditCard: boolean;
  newCard: Record<CardProvider, NewCardData | null>;
  /** The intent's key for the second card provider's client-side encryption; null when none was given. */
  cardEncryptionKey: CardEncryptionKey | null;
  error: string | null;
}

export type PaymentEvent =
  | { type: 'method.selected'; method: string }
  | { type: 'card.choice.changed'; choice: CardChoice }
  | { type: 'card.selected'; cardId: string }
  | { type: 'card.name.changed'; name: string }
  | { type: 'card.data.changed'; provider: CardProvider; data: NewCardData | null }
  /** A complete, valid card for the second provider: encrypt it with the intent's key (TaiwanCardProvider). */
  | { type: 'card.encryption.requested'; fields: PaymentCardFields; card: NewCardData }
  | { type: 'card.save.toggled' }
  | { type: 'payment.confirmed' }
  | { type: 'fee.accepted' }
  | { type: 'fee.rejected' }
  | { type: 'retry' };

export interface CreateIntentOutput {
  intentId: string;
  paymentMethods: string[];
  creditCards: SavedCard[];
  /** Absent when the provider takes cards only as typed. */
  cardEncryptionKey?: CardEncryptionKey | null;
}

export interface CreateIntentInput {
  vendorId: string;
  wallet: Wallet;
  order: PaymentInput['order'];
  /** The signed fees the intent's order is sent with. */
  fees: OrderFees;
}

export interface EncryptCardInput {
  fields: PaymentCardFields;
  key: CardEncryptionKey;
}

export interface ConfirmIntentInput {
  vendorId: string;
  vatNumber: string | null;
  preorderedFor: UnixSeconds | null;
  accessToken: string;
  intentId: string;
  paymentMethod: string;
  /** 'NEW' or the saved card's id. */
  paymentInstrumentId: string;
  card: { holderName: string; saveCard: boolean; data: NewCardData } | null;
}

export interface ConfirmIntentOutput {
  orderId: string;
  redirectUrl: string | null;
}

export interface PaymentOutput {
  orderId: string;
}

/** The server's payment key ('error.payment.card-declined'...) when it sent one. */
function paymentErrorOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('error.payment.') ? message : 'error.payment.intent-creation';
}

const newCardOf = (context: PaymentContext) => context.newCard.primary?.isValid ? context.newCard.primary : context.newCard.secondary;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutput,
  },
  actors: {
    authorizeWallet: promiseNotProvided<Wallet, { vendorId: string }>('authorizeWallet'),
    createIntent: promiseNotProvided<CreateIntentOutput, CreateIntentInput>('createIntent'),
    confirmIntent: promiseNotProvided<ConfirmIntentOutput, ConfirmIntentInput>('confirmIntent'),
    /** The second card provider's client-side encryption: the card as a compact JWE. */
    encryptCard: promiseNotProvided<string, EncryptCardInput>('encryptCard'),
    signatureRetry: signatureRetryMachine,
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Sends the browser to the payment provider's page. */
    redirect: (_, _params: { url: string }) => {},
    /** The order is paid and placed: the app shows it (toast, tracking page). */
    paymentSucceeded: (_, _params: { vendorId: string; orderId: string }) => {},
    /** The renewed fees, for the request flow to show (and send) from now on. */
    feeRenewed: (_, _params: OrderFees) => {},
    fail: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasPaymentMethod: ({ context }) => context.selectedMethod !== null,
    cardChoiceValid: ({ context }) =>
      isCardChoiceValid({
        newOrExistingCard: context.newOrExistingCard,
        nameOnCard: context.nameOnCard,
        newCardData: [context.newCard.primary, context.newCard.secondary],
        selectedCreditCard: context.selectedCreditCard,
      }),
    redirectRequired: (_, params: { redirectUrl: string | null }) => params.redirectUrl !== null,
    hasEncryptionKey: ({ context }) => context.cardEncryptionKey !== null,
    signatureExpired: (_, params: { error: unknown }) =>
      params.error instanceof Error ? params.error.message === SIGNATURE_EXPIRED : params.error === SIGNATURE_EXPIRED,
    retryOutcome: (_, params: { outcome: string }) => params.outcome === 'retry',
    abandonedOutcome: (_, params: { outcome: string }) => params.outcome === 'abandoned',
  },
}).createMachine({
  id: 'payment',
  initial: 'authorizing',
  context: ({ input }) => ({
    ...input,
    wallet: null,
    intentId: null,
    orderId: null,
    paymentMethods: [],
    selectedMethod: null,
    creditCards: [],
    newOrExistingCard: 'NOT_SET',
    selectedCreditCard: null,
    nameOnCard: '',
    saveCreditCard: false,
    newCard: { primary: null, secondary: null },
    cardEncryptionKey: null,
    error: null,
  }),
  states: {
    authorizing: {
      entry: 'clearError',
      invoke: {
        id: 'authorizeWallet',
        src: 'authorizeWallet',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: 'creatingIntent', actions: assign({ wallet: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'fail', params: { error: 'error.payment.init' } } },
      },
    },
    creatingIntent: {
      invoke: {
        id: 'createIntent',
        src: 'createIntent',
        input: ({ context }) => ({ vendorId: context.vendorId, wallet: context.wallet!, order: context.order, fees: context.fees }),
        onDone: {
          target: 'checkingMethods',
          actions: assign(({ context, event }) => ({
            intentId: event.output.intentId,
            paymentMethods: event.output.paymentMethods,
            creditCards: event.output.creditCards,
            cardEncryptionKey: event.output.cardEncryptionKey ?? null,
            // Keep the preferred method when offered, else fall back to the first available one.
            selectedMethod: pickPaymentMethod(context.preferredMethod, event.output.paymentMethods),
          })),
        },
        onError: [
          { guard: { type: 'signatureExpired', params: ({ event }) => ({ error: event.error }) }, target: 'renewingSignature' },
          { target: 'failed', actions: { type: 'fail', params: { error: 'error.payment.intent-creation' } } },
        ],
      },
    },
    renewingSignature: {
      invoke: {
        id: 'signatureRetry',
        src: 'signatureRetry',
        input: ({ context }) => ({ feeRequest: context.feeRequest, previousFee: context.fees.fee, duringSubmit: true, voucher: context.voucher }),
        onDone: [
          {
            guard: { type: 'retryOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
            target: 'creatingIntent',
            actions: [
              assign({
                fees: ({ context, event }) => ({
                  fee: event.output.fee ?? context.fees.fee,
                  discountedFee: event.output.discountedFee ?? context.fees.discountedFee,
                }),
              }),
              { type: 'feeRenewed', params: ({ context }) => context.fees },
            ],
          },
          {
            // The user refused the new fee: the request flow shows it, without the voucher.
            guard: { type: 'abandonedOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
            target: 'failed',
            actions: [
              { type: 'fail', params: { error: 'error.fee.changed' } },
              { type: 'feeRenewed', params: ({ context, event }) => ({ fee: event.output.fee ?? context.fees.fee, discountedFee: null }) },
            ],
          },
          { target: 'failed', actions: { type: 'fail', params: { error: 'error.payment.intent-creation' } } },
        ],
      },
      on: {
        'fee.accepted': { actions: forwardTo('signatureRetry') },
        'fee.rejected': { actions: forwardTo('signatureRetry') },
      },
    },
    checkingMethods: {
      always: [
        { guard: 'hasPaymentMethod', target: 'choosingCard' },
        { target: 'failed', actions: { type: 'fail', params: { error: 'error.no-payment-method-available' } } },
      ],
    },
    choosingCard: {
      initial: 'editing',
      on: {
        'method.selected': {
          actions: assign(({ context, event }) => ({ selectedMethod: pickPaymentMethod(event.method, context.paymentMethods) })),
        },
        'card.choice.changed': { actions: assign({ newOrExistingCard: ({ event }) => event.choice }) },
        'card.selected': { actions: assign({ selectedCreditCard: ({ event }) => event.cardId, newOrExistingCard: 'EXISTING' }) },
        'card.name.changed': { actions: assign({ nameOnCard: ({ event }) => event.name }) },
        'card.data.changed': {
          // Typing again outdates an encryption still running: back to editing, which stops it.
          target: '.editing',
          actions: assign({ newCard: ({ context, event }) => ({ ...context.newCard, [event.provider]: event.data }) }),
        },
        // Until this card's encryption answers, the second provider's card is not valid, so paying can
        // never send an earlier card; a newer request restarts the encryption and drops the older one.
        'card.encryption.requested': [
          {
            guard: 'hasEncryptionKey',
            target: '.encrypting',
            reenter: true,
            actions: assign({ newCard: ({ context, event }) => ({ ...context.newCard, secondary: { ...event.card, isValid: false } }) }),
          },
          {
            target: '.encryptionFailed',
            actions: assign({ newCard: ({ context, event }) => ({ ...context.newCard, secondary: { ...event.card, isValid: false } }) }),
          },
        ],
        'card.save.toggled': { actions: assign({ saveCreditCard: ({ context }) => !context.saveCreditCard }) },
        'payment.confirmed': { guard: 'cardChoiceValid', target: 'confirming' },
      },
      states: {
        editing: {},
        encrypting: {
          invoke: {
            id: 'encryptCard',
            src: 'encryptCard',
            input: ({ context, event }) => {
              // Entered only by card.encryption.requested, under hasEncryptionKey.
              assertEvent(event, 'card.encryption.requested');
              return { fields: event.fields, key: context.cardEncryptionKey! };
            },
            onDone: {
              target: 'editing',
              actions: assign({
                newCard: ({ context, event }) => ({
                  ...context.newCard,
                  secondary: context.newCard.secondary && { ...context.newCard.secondary, encryptedCardData: event.output, isValid: true },
                }),
              }),
            },
            onError: { target: 'encryptionFailed' },
          },
        },
        /** No key from the intent, or the browser refused to encrypt: the card cannot be sent. */
        encryptionFailed: {},
      },
    },
    confirming: {
      entry: 'clearError',
      invoke: {
        id: 'confirmIntent',
        src: 'confirmIntent',
        input: ({ context }) => {
          const isNew = context.newOrExistingCard === 'NEW';
          const data = newCardOf(context);
          return {
            vendorId: context.vendorId,
            vatNumber: context.vatNumber,
            preorderedFor: context.preorderedFor,
            accessToken: context.wallet?.accessToken ?? '',
            intentId: context.intentId ?? '',
            paymentMethod: context.selectedMethod ?? '',
            paymentInstrumentId: isNew ? 'NEW' : (context.selectedCreditCard ?? ''),
            card: isNew && data ? { holderName: context.nameOnCard, saveCard: context.saveCreditCard, data } : null,
          };
        },
        onDone: [
          {
            guard: { type: 'redirectRequired', params: ({ event }) => ({ redirectUrl: event.output.redirectUrl }) },
            target: 'redirecting',
            actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.redirectUrl ?? '' }) },
          },
          {
            target: 'paid',
            actions: [
              assign({ orderId: ({ event }) => event.output.orderId }),
              { type: 'paymentSucceeded', params: ({ context, event }) => ({ vendorId: context.vendorId, orderId: event.output.orderId }) },
            ],
          },
        ],
        onError: {
          target: 'choosingCard',
          // A provider's answer (declined, expired card...) is shown as it is; anything else generically.
          actions: [
            { type: 'fail', params: ({ event }) => ({ error: paymentErrorOf(event.error) }) },
            { type: 'toast', params: ({ event }) => ({ kind: 'error' as const, message: paymentErrorOf(event.error) }) },
          ],
        },
      },
    },
    /** The browser is leaving for the provider's page; nothing more happens here. */
    redirecting: {},
    paid: { type: 'final' },
    failed: {
      entry: { type: 'toast', params: ({ context }) => ({ kind: 'error' as const, message: context.error ?? 'error.payment.init' }) },
      on: { retry: { target: 'authorizing' } },
    },
  },
  output: ({ context }) => ({ orderId: context.orderId ?? '' }),
});
