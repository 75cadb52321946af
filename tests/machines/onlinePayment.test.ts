import { describe, expect, it } from 'vitest';
import { SIGNATURE_EXPIRED, paymentMachine, requestRiderMachine, type CreateIntentInput, type CreateIntentOutput } from '../../machines';
import { aRequestInput } from './builders';
import { named, type EffectOracle } from './oracles';
import { describeFlowPath, generateFlowPaths, LINKS, replayFlowPath, takenLinks, type FlowEvent, type FlowModel, type FlowSnapshot, type FlowStepView } from './onlinePaymentFlow';
import { listTransitions, takenTransitions, unreachableTransitions } from './transitionCoverage';
import { writePathList, writeTransitionList } from './walkPaths';

// The online payment flow as a whole (SPEC.md §4 "Request flow" and "Payment", §2 tracking): the
// request reaches its payment step paying online, the card form authorises the wallet, creates the
// intent for the order's signed fee (renewing an expired signature), the user picks or types a card
// and pays: placed, declined (and retried), or sent to the provider's 3-D Secure page.

const input = aRequestInput();

const FEE = { fee: 15, signature: 'sig-1', expires_at: 0 };
const DISCOUNTED = { fee: 13.5, signature: 'sig-v1', expires_at: 0 };
const RENEWED = { fee: 15, signature: 'sig-2', expires_at: 0 };
const CHANGED = { fee: 18, signature: 'sig-3', expires_at: 0 };
const intent = (paymentMethods: string[]): CreateIntentOutput => ({
  intentId: 'intent-1',
  paymentMethods,
  creditCards: [{ id: 'card-1', lastDigits: '4242', scheme: 'visa', expiryMonth: 12, expiryYear: 2030, holderName: 'Sara Ali' }],
  cardEncryptionKey: null,
});
const card = (event: { type: string; [key: string]: unknown }): FlowEvent => ({ ...event, type: event.type, to: 'card' });

/** From the start to the payment step with online payment chosen: the card form opens. */
const prefix: FlowEvent[] = [
  { type: 'xstate.done.actor.fetchServiceHours', output: null },
  { type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 },
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee: FEE, itemValueLimit: null } },
  { type: 'field.changed', field: 'destinationName', value: 'Sara Ali' },
  { type: 'field.changed', field: 'destinationPhoneNumber', value: '+966501234567' },
  { type: 'field.changed', field: 'orderAmount', value: '120' },
  { type: 'details.submitted' },
  { type: 'payment.method.selected', method: 'ONLINE_PAYMENT' },
];

// The voucher check answers for the fee it was asked about (its own signature renewal is
// voucherCheck.test.ts's subject), so its answers are made from the request's fee at that point.
const requestEventsAt = ({ request }: FlowSnapshot): FlowEvent[] => [
  { type: 'payment.method.selected', method: 'CASH_ON_DELIVERY' },
  { type: 'payment.method.selected', method: 'ONLINE_PAYMENT' },
  { type: 'back' },
  { type: 'details.submitted' },
  { type: 'voucher.submitted', code: 'WELCOME10' },
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'applied', fee: request.context.fee, voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' }, discountedFee: DISCOUNTED } },
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'refused', fee: request.context.fee } },
  { type: 'voucher.removed' },
];

// The card form's own field rules (method choice, save flag, the second provider's encryption) do not
// depend on the request: payment.test.ts walks them; here the card is chosen, typed and paid.
const cardEvents: FlowEvent[] = [
  card({ type: 'xstate.done.actor.authorizeWallet', output: { walletId: 'wallet-1', accessToken: 'wallet-token', expiresIn: 900 } }),
  card({ type: 'xstate.error.actor.authorizeWallet', error: new Error('500') }),
  card({ type: 'xstate.done.actor.createIntent', output: intent(['cybersource_creditcard', 'generic_creditcard']) }),
  card({ type: 'xstate.done.actor.createIntent', output: intent([]) }),
  card({ type: 'xstate.error.actor.createIntent', error: new Error('500') }),
  card({ type: 'xstate.error.actor.createIntent', error: new Error(SIGNATURE_EXPIRED) }),
  card({ type: 'xstate.done.actor.signatureRetry', output: { outcome: 'retry', fee: RENEWED, discountedFee: null } }),
  card({ type: 'xstate.done.actor.signatureRetry', output: { outcome: 'abandoned', fee: CHANGED, discountedFee: null } }),
  card({ type: 'xstate.done.actor.signatureRetry', output: { outcome: 'failed', fee: null, discountedFee: null } }),
  card({ type: 'fee.accepted' }),
  card({ type: 'fee.rejected' }),
  card({ type: 'card.selected', cardId: 'card-1' }),
  card({ type: 'card.choice.changed', choice: 'NEW' }),
  card({ type: 'card.name.changed', name: 'Sara Ali' }),
  card({ type: 'card.data.changed', provider: 'primary', data: { isValid: true, cardLastDigits: '1111', encryptedCardData: 'enc' } }),
  card({ type: 'payment.confirmed' }),
  card({ type: 'xstate.done.actor.confirmIntent', output: { orderId: 'order-1', redirectUrl: 'https://pay.example/3ds' } }),
  card({ type: 'xstate.done.actor.confirmIntent', output: { orderId: 'order-1', redirectUrl: null } }),
  card({ type: 'xstate.error.actor.confirmIntent', error: new Error('error.payment.card-declined') }),
  card({ type: 'xstate.error.actor.confirmIntent', error: new Error('500') }),
  card({ type: 'retry' }),
];

const eventOf = (view: FlowStepView) => view.event as FlowEvent & { output?: { redirectUrl?: string | null; orderId?: string }; error?: Error };
const isCardAnswer = (view: FlowStepView, kind: 'done' | 'error', actor: string) => view.event.to === 'card' && view.event.type === `xstate.${kind}.actor.${actor}`;
const placed = (view: FlowStepView) => isCardAnswer(view, 'done', 'confirmIntent') && eventOf(view).output?.redirectUrl === null;
const redirected = (view: FlowStepView) => isCardAnswer(view, 'done', 'confirmIntent') && typeof eventOf(view).output?.redirectUrl === 'string';
/** What the user typed or chose: the request's draft and the card form's card fields. */
const typedIn = (state: FlowSnapshot | null) => {
  const payment = state?.card?.context as Record<string, unknown> | undefined;
  return {
    draft: state?.request.context.draft,
    card: payment && [payment.newOrExistingCard, payment.selectedCreditCard, payment.nameOnCard, payment.saveCreditCard, payment.newCard, payment.selectedMethod],
  };
};

// From SPEC.md, not from the machines: each rule is checked on every step of every path.
const oracles: EffectOracle<FlowStepView>[] = [
  {
    rule: 'SPEC §2/§4: a successful payment places the order once and opens its tracking page exactly once',
    step: (view) => {
      const succeeded = named(view.effects, 'card.paymentSucceeded');
      if (placed(view)) expect(succeeded.map((effect) => effect.params)).toEqual([{ vendorId: 'vendor-1', orderId: 'order-1' }]);
      else expect(succeeded, 'no tracking without a confirmed payment').toEqual([]);
    },
    path: (steps) => expect(steps.flatMap((view) => named(view.effects, 'card.paymentSucceeded'))).toHaveLength(steps.some(placed) ? 1 : 0),
  },
  {
    rule: 'SPEC §4 Payment: an order paid online is created by the payment, never a second time by the cash-on-delivery submit',
    step: (view) => {
      expect(view.started.request.submitOrder ?? [], 'no submitOrder call').toEqual([]);
      expect(named(view.effects, 'request.navigateToTracking')).toEqual([]);
    },
  },
  {
    rule: 'SPEC §4 Payment: confirm may return a redirect URL, to which the browser navigates (3-D Secure), and nothing is placed yet',
    step: (view) => {
      const redirects = named(view.effects, 'card.redirect');
      if (redirected(view)) expect(redirects.map((effect) => effect.params)).toEqual([{ url: 'https://pay.example/3ds' }]);
      else expect(redirects).toEqual([]);
    },
  },
  {
    rule: 'SPEC §2 signed fee: no intent and no charge without the signed fee the request shows (renewed signatures included)',
    step: (view) => {
      const { card: payment, request } = view.after;
      if (!payment) return;
      const fees = payment.context.fees as CreateIntentInput['fees'];
      // The intent being created or paid carries exactly the fee the request shows, signed.
      if (payment.matches('creatingIntent') || payment.matches('confirming')) {
        expect(fees.fee.signature, 'a signed fee').not.toBe('');
        expect((view.started.card.createIntent?.at(-1) as CreateIntentInput).fees).toEqual(fees);
        expect(fees.fee).toEqual(request.context.fee);
        expect(fees.discountedFee).toEqual(request.context.discountedFee);
      }
    },
  },
  {
    rule: 'a declined or failed payment loses nothing the user typed, and says why in the card form',
    step: (view) => {
      if (!isCardAnswer(view, 'error', 'confirmIntent')) return;
      expect(view.after.card?.matches('choosingCard')).toBe(true);
      expect(typedIn(view.after)).toEqual(typedIn(view.before));
      const reason = eventOf(view).error?.message === 'error.payment.card-declined' ? 'error.payment.card-declined' : 'error.payment.intent-creation';
      expect(named(view.effects, 'card.toast').map((effect) => effect.params)).toEqual([{ kind: 'error', message: reason }]);
      expect(view.after.card?.context.error).toBe(reason);
    },
  },
  {
    rule: 'a placed order shows no error',
    step: (view) => {
      if (!placed(view)) return;
      expect(view.effects.filter((effect) => effect.name.endsWith('.toast') && (effect.params as { kind?: string }).kind === 'error')).toEqual([]);
    },
  },
  {
    rule: 'SPEC §4 Payment: the card form is created for the price the request shows (a changed fee or voucher starts it over)',
    step: (view) => {
      const { card: payment, request } = view.after;
      if (!view.links.includes(LINKS.open) && !view.links.includes(LINKS.restart)) return;
      const shown = request.context.discountedFee ?? request.context.fee;
      expect(payment?.context.order).toEqual({ amount: 120, currency: 'SAR', deliveryFee: shown.fee });
      expect(payment?.context.fees).toEqual({ fee: request.context.fee, discountedFee: request.context.discountedFee });
    },
  },
];

const model: FlowModel = {
  input,
  currency: 'SAR',
  prefix,
  // The card form's events only while it is open.
  events: (state) => (state.card ? [...requestEventsAt(state), ...cardEvents] : requestEventsAt(state)),
  serializeState: (state) => {
    const request = state.request.context;
    const payment = state.card?.context;
    return JSON.stringify([
      state.value,
      request.draft.paymentMethod,
      request.fee?.signature,
      request.voucher?.code ?? null,
      request.discountedFee?.signature ?? null,
      state.cardPrice,
      payment && [
        payment.newOrExistingCard,
        payment.selectedCreditCard,
        payment.nameOnCard !== '',
        payment.newCard.primary?.isValid ?? null,
        payment.error,
        payment.fees.fee.signature,
      ],
    ]);
  },
  effects: { request: ['toast', 'navigateToTracking', 'storeGuestOrigin'], card: ['toast'] },
  oracles,
};

const paths = generateFlowPaths(model);

/** The request's transitions that move the card form: the payment step's method, voucher, back and fee. */
const REQUEST_EVENTS = new Set(['payment.method.selected', 'voucher.submitted', 'voucher.removed', 'back', 'fee.renewed', 'xstate.done.actor.voucherCheck']);
const requestTransitionsInFlow = listTransitions(requestRiderMachine).filter(
  (name) => name.startsWith('drafting.payment') && REQUEST_EVENTS.has(/ on (\S+)/.exec(name)?.[1] ?? ''),
);

/** The card form's transitions, but for its field rules that payment.test.ts walks on its own. */
const CARD_FIELD_RULES = /on (method\.selected|card\.save\.toggled|card\.encryption\.requested|xstate\.(done|error)\.actor\.encryptCard)\b/;
const cardTransitionsInFlow = listTransitions(paymentMachine).filter((name) => !CARD_FIELD_RULES.test(name));

describe('online payment flow (request + card form): every path', () => {
  for (const path of paths) {
    it(describeFlowPath(path), async () => {
      await replayFlowPath(model, path);
    });
  }

  it('covers every transition of the composition, of the card form, and of the payment step', () => {
    const all = [...Object.values(LINKS), ...cardTransitionsInFlow.map((name) => `card: ${name}`), ...requestTransitionsInFlow.map((name) => `request: ${name}`)];
    const taken = new Set([
      ...takenLinks,
      ...[...takenTransitions(paymentMachine)].map((name) => `card: ${name}`),
      ...[...takenTransitions(requestRiderMachine)].map((name) => `request: ${name}`),
    ]);
    const unreachable = unreachableTransitions('onlinePayment');
    writePathList('onlinePayment', paths.map(describeFlowPath));
    writeTransitionList('onlinePayment', { all, taken: all.filter((name) => taken.has(name)) }, unreachable);
    console.log(`onlinePayment: ${all.filter((name) => taken.has(name)).length}/${all.length} transitions, ${paths.length} paths`);
    expect(requestTransitionsInFlow.length, 'the payment step still has its transitions').toBeGreaterThan(5);
    expect(all.filter((name) => !taken.has(name) && !(name in unreachable)), 'transitions no path takes').toEqual([]);
    expect(Object.keys(unreachable).filter((name) => taken.has(name) || !all.includes(name)), 'stale unreachable entries').toEqual([]);
  });
});

describe('online payment flow: a fee renewed while a voucher is checked', () => {
  // Found by this model: the request used to take the renewed fee only when no voucher was being
  // checked, so it kept (and checked the voucher against) the expired fee the card form no longer charged.
  it('reaches the request, and the voucher is checked again against it', async () => {
    const path = [
      { type: 'voucher.submitted', code: 'WELCOME10' },
      card({ type: 'xstate.done.actor.authorizeWallet', output: { walletId: 'wallet-1', accessToken: 'wallet-token', expiresIn: 900 } }),
      card({ type: 'xstate.error.actor.createIntent', error: new Error(SIGNATURE_EXPIRED) }),
      card({ type: 'xstate.done.actor.signatureRetry', output: { outcome: 'retry', fee: RENEWED, discountedFee: null } }),
    ];
    // Predicted states come from the same composition, walked along this one path.
    const along: FlowModel = { ...model, events: () => path };
    const walked = generateFlowPaths(along).find((candidate) => candidate.steps.length === path.length + 1);
    expect(walked).toBeDefined();
    const views = walked ? await replayFlowPath(along, walked) : [];
    const checks = (views.at(-1)?.started.request.voucherCheck ?? []) as { fee: unknown; code: string }[];
    expect(checks.map((check) => check.fee)).toEqual([FEE, RENEWED]);
    expect(views.at(-1)?.after.request.context.fee).toEqual(RENEWED);
  });
});
