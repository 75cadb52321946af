import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { paymentMachine, SIGNATURE_EXPIRED, type CreateIntentInput, type CreateIntentOutput, type PaymentInput } from '../../machines';
import { effectExactlyWhen, effectNever, isDone, isError, isToastOf, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const input: PaymentInput = {
  vendorId: 'vendor-1',
  order: { amount: 120, currency: 'SAR', deliveryFee: 15 },
  vatNumber: '12345678',
  preorderedFor: null,
  preferredMethod: 'generic_creditcard',
  feeRequest: { vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.8, longitude: 46.7 } },
  fees: { fee: { fee: 15, signature: 'sig-1', expires_at: 0 }, discountedFee: { fee: 13.5, signature: 'sig-v1', expires_at: 0 } },
  voucher: { code: 'WELCOME10', orderTime: 1_800_000_000 },
};
/** What signatureRetry answers with after renewing the expired signature and the voucher's discount. */
const RENEWED = { fee: { fee: 15, signature: 'sig-2', expires_at: 0 }, discountedFee: { fee: 13.5, signature: 'sig-v2', expires_at: 0 } };
const wallet = { walletId: 'wallet-1', accessToken: 'wallet-token', expiresIn: 900 };
const KEY = { kty: 'RSA', n: 'modulus', e: 'AQAB' };
const intent = (paymentMethods: string[], cardEncryptionKey: typeof KEY | null = null): CreateIntentOutput => ({
  intentId: 'intent-1',
  paymentMethods,
  creditCards: [{ id: 'card-1', lastDigits: '4242', scheme: 'visa', expiryMonth: 12, expiryYear: 2030, holderName: 'Sara Ali' }],
  cardEncryptionKey,
});
const typedCard = { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvc: '123', holder_name: 'Sara Ali' };

type Answer = { output?: { orderId?: string; redirectUrl?: string | null; paymentMethods?: string[] }; error?: unknown };
const answerOf = (view: StepView) => view.event as unknown as Answer;

/**
 * The confirmation the server must receive (API.md POST /order/payment/intent/confirm), from what the
 * path did: the wallet's token, the intent, the method, and the card chosen, named, typed and saved.
 */
function expectedConfirmation(steps: StepView[]) {
  let method: string | null = null;
  let choice = 'NOT_SET';
  let name = '';
  let save = false;
  let secondary: Record<string, unknown> | null = null;
  let pendingCard: Record<string, unknown> | null = null;
  for (const { event, after } of steps) {
    const sent = event as unknown as { method?: string; choice?: string; name?: string; data?: Record<string, unknown>; card?: Record<string, unknown>; output?: unknown };
    if (event.type === 'xstate.done.actor.createIntent') {
      const offered = answerOf({ event } as StepView).output?.paymentMethods ?? [];
      method = offered.includes(input.preferredMethod ?? '') ? input.preferredMethod : (offered[0] ?? null);
    }
    if (event.type === 'method.selected' && after.context.paymentMethods.includes(sent.method)) method = sent.method ?? null;
    if (event.type === 'card.choice.changed') choice = sent.choice ?? choice;
    if (event.type === 'card.selected') choice = 'EXISTING';
    if (event.type === 'card.name.changed') name = sent.name ?? '';
    if (event.type === 'card.save.toggled') save = !save;
    if (event.type === 'card.data.changed') secondary = sent.data ?? null;
    if (event.type === 'card.encryption.requested') pendingCard = sent.card ?? null;
    if (event.type === 'xstate.done.actor.encryptCard') secondary = { ...pendingCard, isValid: true, encryptedCardData: sent.output };
  }
  const isNew = choice === 'NEW';
  return {
    vendorId: input.vendorId,
    vatNumber: input.vatNumber,
    preorderedFor: input.preorderedFor,
    accessToken: wallet.accessToken,
    intentId: 'intent-1',
    paymentMethod: method,
    paymentInstrumentId: isNew ? 'NEW' : 'card-1',
    card: isNew ? { holderName: name, saveCard: save, data: secondary } : null,
  };
}

/** The payment's effects and calls, from SPEC.md §4 "Payment" and API.md's payment calls. */
const oracles: EffectOracle[] = [
  {
    rule: 'API.md payment: the wallet is authorised for the order\'s vendor',
    step: ({ after, replay }) => {
      if (after.matches('authorizing')) expect(replay.started.authorizeWallet?.at(-1)).toEqual({ vendorId: input.vendorId });
    },
  },
  {
    rule: 'API.md POST /order/payment/intent: the intent is created with the wallet, the vendor, the order and its signed fees',
    step: ({ after, replay }) => {
      if (!after.matches('creatingIntent')) return;
      expect(replay.started.createIntent?.at(-1)).toEqual({ vendorId: input.vendorId, wallet, order: input.order, fees: after.context.fees });
    },
  },
  {
    rule: 'API.md POST /order/payment/intent/confirm: the confirmation carries the wallet token, the intent, the method and the card as chosen',
    path: (steps) => {
      steps.forEach((view, index) => {
        if (view.event.type !== 'payment.confirmed' || !view.after.matches('confirming')) return;
        expect(view.replay.started.confirmIntent?.at(-1)).toEqual(expectedConfirmation(steps.slice(0, index + 1)));
      });
    },
  },
  effectExactlyWhen(
    'SPEC §4 Payment: a confirmed payment without a redirect places the order (shown once, for this vendor and order)',
    'paymentSucceeded',
    (view) => isDone('confirmIntent')(view) && answerOf(view).output?.redirectUrl === null,
    (view) => ({ vendorId: input.vendorId, orderId: answerOf(view).output?.orderId }),
  ),
  effectExactlyWhen(
    'SPEC §4 Payment: a confirmation that returns a redirect URL sends the browser there',
    'redirect',
    (view) => isDone('confirmIntent')(view) && typeof answerOf(view).output?.redirectUrl === 'string',
    (view) => ({ url: answerOf(view).output?.redirectUrl }),
  ),
  {
    rule: 'SPEC §10 payment errors: a refused confirmation shows the provider\'s error key, anything else the intent-creation error',
    step: (view) => {
      if (!isError('confirmIntent')(view)) return;
      const error = answerOf(view).error;
      const message = error instanceof Error && error.message.startsWith('error.payment.') ? error.message : 'error.payment.intent-creation';
      expect(view.effects).toEqual([{ name: 'toast', params: { kind: 'error', message } }]);
    },
  },
  effectNever('SPEC §4 Payment: no error toast on an answer that succeeded', isToastOf('error'), (view) => view.event.type.startsWith('xstate.done.actor.') && !view.after.matches('failed')),
];

// Shortest paths: the card form's fields combine freely; every distinct card choice is still reached.
const model: PathModel = {
  machine: paymentMachine,
  input,
  strategy: 'shortest',
  effects: ['toast', 'redirect', 'feeRenewed', 'paymentSucceeded'],
  oracles,
  events: [
    { type: 'xstate.done.actor.authorizeWallet', output: wallet },
    { type: 'xstate.error.actor.authorizeWallet', error: new Error('500') },
    { type: 'xstate.done.actor.createIntent', output: intent(['cybersource_creditcard', 'generic_creditcard']) },
    { type: 'xstate.done.actor.createIntent', output: intent(['cybersource_creditcard']) },
    { type: 'xstate.done.actor.createIntent', output: intent(['generic_creditcard'], KEY) },
    { type: 'xstate.done.actor.createIntent', output: intent([]) },
    { type: 'xstate.error.actor.createIntent', error: new Error('500') },
    { type: 'xstate.error.actor.createIntent', error: new Error(SIGNATURE_EXPIRED) },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'retry', ...RENEWED } },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'abandoned', fee: { fee: 18, signature: 'sig-3', expires_at: 0 }, discountedFee: null } },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'failed', fee: null, discountedFee: null } },
    // The vendor's answer to a changed fee, forwarded to signatureRetry while it runs.
    { type: 'fee.accepted' },
    { type: 'fee.rejected' },
    { type: 'card.choice.changed', choice: 'NEW' },
    { type: 'method.selected', method: 'cybersource_creditcard' },
    { type: 'card.save.toggled' },
    { type: 'card.selected', cardId: 'card-1' },
    { type: 'card.name.changed', name: 'Sara Ali' },
    { type: 'card.data.changed', provider: 'secondary', data: { isValid: true, cardLastDigits: '1111', encryptedCardData: 'enc' } },
    { type: 'card.encryption.requested', fields: typedCard, card: { isValid: true, cardLastDigits: '1111' } },
    { type: 'xstate.done.actor.encryptCard', output: 'jwe' },
    { type: 'xstate.error.actor.encryptCard', error: new Error('refused') },
    { type: 'payment.confirmed' },
    { type: 'xstate.done.actor.confirmIntent', output: { orderId: 'order-1', redirectUrl: 'https://pay.example/3ds' } },
    { type: 'xstate.done.actor.confirmIntent', output: { orderId: 'order-1', redirectUrl: null } },
    { type: 'xstate.error.actor.confirmIntent', error: new Error('declined') },
    { type: 'retry' },
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.selectedMethod, c.newOrExistingCard, c.selectedCreditCard, c.nameOnCard, c.newCard.secondary?.isValid ?? null, c.newCard.secondary?.encryptedCardData ?? null, c.cardEncryptionKey !== null, c.error, c.fees.fee.signature]);
  },
};

/**
 * A second small model, so a provider's refusal is walked whatever state it leads to (among the main
 * model's samples a refusal shown as the generic error ends where 'declined' does, and is not walked).
 */
const declinedModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.authorizeWallet', output: wallet },
    { type: 'xstate.done.actor.createIntent', output: intent(['generic_creditcard']) },
    { type: 'card.selected', cardId: 'card-1' },
    { type: 'payment.confirmed' },
    { type: 'xstate.error.actor.confirmIntent', error: new Error('error.payment.card-declined') },
  ],
};

const paths: ModelPath[] = [...generatePaths(model), ...generatePaths(declinedModel)];

describe('payment: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const c = snapshot.context;
        const output = (step.event as { output?: { outcome?: string } }).output;
        // Effect oracle (SPEC.md §4 signature handling): an expired fee signature on the intent is
        // renewed with signatureRetry, voucher included; the next intent carries the new signatures.
        if (snapshot.matches('renewingSignature')) {
          expect(replay.started.signatureRetry?.at(-1)).toEqual({ feeRequest: input.feeRequest, previousFee: c.fees.fee, duringSubmit: true, voucher: input.voucher });
        }
        if (step.event.type === 'xstate.done.actor.signatureRetry' && output?.outcome === 'retry') {
          expect(snapshot.matches('creatingIntent')).toBe(true);
          expect((replay.started.createIntent?.at(-1) as CreateIntentInput).fees, 'the intent is created with the renewed signatures').toEqual(RENEWED);
          expect(replay.effects.at(-1)).toEqual({ name: 'feeRenewed', params: RENEWED });
        }
        if (step.event.type === 'xstate.done.actor.signatureRetry' && output?.outcome === 'abandoned') {
          expect(c.error).toBe('error.fee.changed');
          expect(replay.effects.filter((effect) => effect.name === 'feeRenewed').at(-1)).toEqual({ name: 'feeRenewed', params: { fee: { fee: 18, signature: 'sig-3', expires_at: 0 }, discountedFee: null } });
        }
        if (snapshot.matches('creatingIntent')) {
          expect((replay.started.createIntent?.at(-1) as CreateIntentInput).fees).toEqual(c.fees);
        }
        if (snapshot.matches('choosingCard') && step.event.type === 'xstate.done.actor.createIntent') {
          // The preferred method when offered, else the first available one.
          expect(c.selectedMethod).toBe(c.paymentMethods.includes('generic_creditcard') ? 'generic_creditcard' : c.paymentMethods[0]);
        }
        if (step.event.type === 'payment.confirmed' && snapshot.matches('confirming')) {
          const sent = replay.started.confirmIntent?.at(-1) as { paymentInstrumentId: string; card: unknown };
          expect(sent.paymentInstrumentId).toBe(c.newOrExistingCard === 'NEW' ? 'NEW' : 'card-1');
        }
        if (step.event.type === 'payment.confirmed' && snapshot.matches('choosingCard')) {
          // An invalid card choice cannot be confirmed.
          const validNew = c.newOrExistingCard === 'NEW' && c.nameOnCard !== '' && c.newCard.secondary?.isValid === true;
          const validExisting = c.newOrExistingCard === 'EXISTING' && c.selectedCreditCard !== null;
          expect(validNew || validExisting).toBe(false);
        }
        if (snapshot.matches({ choosingCard: 'encrypting' })) {
          // While the latest card is encrypted, it is not valid: paying cannot send an earlier card.
          expect(c.cardEncryptionKey).not.toBeNull();
          expect(c.newCard.secondary?.isValid).toBe(false);
          expect(replay.started.encryptCard?.at(-1)).toEqual({ fields: typedCard, key: KEY });
        }
        if (step.event.type === 'xstate.done.actor.encryptCard' && snapshot.matches({ choosingCard: 'editing' })) {
          expect(c.newCard.secondary).toMatchObject({ isValid: true, encryptedCardData: 'jwe' });
        }
        if (snapshot.matches({ choosingCard: 'encryptionFailed' })) expect(c.newCard.secondary?.isValid).toBe(false);
        if (snapshot.matches('redirecting')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'redirect', params: { url: 'https://pay.example/3ds' } });
        }
        if (snapshot.matches('failed')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: c.error } });
        }
        if (snapshot.matches('paid')) expect(snapshot.output).toEqual({ orderId: 'order-1' });
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('payment', paths));
});

describe('payment: spec', () => {
  // The API client may reject with the server's bare message rather than an Error (API.md error shape).
  it.each([
    [SIGNATURE_EXPIRED, 'renewingSignature', []],
    ['IntentRefused', 'failed', [{ kind: 'error', message: 'error.payment.intent-creation' }]],
  ])('an intent refused with the bare text %j goes to %s', async (reason, next, toasts) => {
    const shown: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: { authorizeWallet: fromPromise(async () => wallet), createIntent: fromPromise(() => Promise.reject(reason)) },
        actions: { toast: (_, params) => void shown.push(params) },
      }),
      { input },
    ).start();
    const reached = await waitFor(actor, (snapshot) => !snapshot.matches('authorizing') && !snapshot.matches('creatingIntent'));
    actor.stop();
    expect(reached.value).toBe(next);
    expect(shown).toEqual(toasts);
  });

  it('pays with a new card from either provider and sends its data', async () => {
    const confirmed: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          authorizeWallet: fromPromise(async () => wallet),
          createIntent: fromPromise(async () => intent(['cybersource_creditcard'])),
          confirmIntent: fromPromise(async ({ input: sent }) => (confirmed.push(sent), { orderId: 'order-7', redirectUrl: null })),
        },
      }),
      { input },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'card.choice.changed', choice: 'NEW' });
    actor.send({ type: 'card.name.changed', name: 'Sara Ali' });
    expect(actor.getSnapshot().can({ type: 'payment.confirmed' })).toBe(false);
    actor.send({ type: 'card.data.changed', provider: 'primary', data: { isValid: true, encryptedCardData: 'enc-1' } });
    actor.send({ type: 'card.save.toggled' });
    actor.send({ type: 'payment.confirmed' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().output).toEqual({ orderId: 'order-7' });
    expect(confirmed[0]).toMatchObject({
      paymentMethod: 'cybersource_creditcard',
      paymentInstrumentId: 'NEW',
      accessToken: 'wallet-token',
      intentId: 'intent-1',
      card: { holderName: 'Sara Ali', saveCard: true, data: { isValid: true, encryptedCardData: 'enc-1' } },
    });
  });
});
