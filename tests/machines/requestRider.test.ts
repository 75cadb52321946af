import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { validateOrderForm, type Order } from '../../domain';
import type { OrderTemplate } from '../../domain/api';
import {
  destinationCheckMachine,
  orderFormOf,
  PREFILL_TEXTS,
  prefillOfOrder,
  prefillOfTemplate,
  REQUEST_TEXTS,
  requestPrefillMachine,
  requestRiderMachine,
  signatureRetryMachine,
  SIGNATURE_EXPIRED,
  type FeeRequest,
  type RequestRiderContext,
  type RequestPrefillOutput,
  type RequestRiderInput,
  type SignedFee,
  type SubmitOrderInput,
} from '../../machines';
import { anOrder, aRequestInput, aVendor, NOW } from './builders';
import { effectAtMost, effectExactlyWhen, effectNever, isDone, isError, isToastOf, named, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const withCoordinates = aVendor();
const withoutCoordinates = aVendor({ vendor_id: 'vendor-2' }, { latitude: null, longitude: null });
const fee: SignedFee = { fee: 15, signature: 'sig-1', expires_at: 0 };

const baseInput = aRequestInput({ vendor: withCoordinates });

const origin = {
  streetAddress: 'Olaya Street 1',
  building: '',
  unit: '',
  notes: '',
  city: 'Riyadh',
  countryCode: 'SA',
  postalCode: '',
  latitude: 24.7,
  longitude: 46.6,
};

/** What signatureRetry answers with after renewing an expired signature (and the voucher's discount). */
const RENEWED_FEE = { fee: 15, signature: 'sig-2', expires_at: 0 };
const RENEWED_DISCOUNT = { fee: 13.5, signature: 'sig-v2', expires_at: 0 };

const voucherApplied: ModelEvent = {
  type: 'xstate.done.actor.voucherCheck',
  output: { outcome: 'applied', fee: RENEWED_FEE, voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' }, discountedFee: { fee: 13.5, signature: 'sig-v', expires_at: 0 } },
};
/** The voucher's check renewed an expired fee, and the vendor refused the new one: shown without the voucher. */
const voucherFeeRefused: ModelEvent = { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'feeRefused', fee: { fee: 18, signature: 'sig-3', expires_at: 0 } } };

const events: ModelEvent[] = [
  { type: 'origin.selected', origin },
  { type: 'origin.selected', origin: { ...origin, latitude: null, longitude: null } },
  { type: 'origin.details.changed', unit: '4', building: 'Tower A', notes: 'Gate 2' },
  { type: 'origin.details.confirmed' },
  { type: 'xstate.done.actor.saveOriginAddress' },
  { type: 'xstate.error.actor.saveOriginAddress', error: new Error('500') },
  // Now is 03:00 in Riyadh: 10:00-11:00 is closed, a missing setting or a failed fetch is open.
  { type: 'xstate.done.actor.fetchServiceHours', output: null },
  { type: 'xstate.done.actor.fetchServiceHours', output: '1000:1100' },
  { type: 'xstate.error.actor.fetchServiceHours', error: new Error('500') },
  { type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 },
  { type: 'destination.selected', text: 'Nowhere', latitude: null, longitude: null },
  // The drop-off's check (destinationCheck.test.ts walks how each answer comes about).
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: 100 } },
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: null } },
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'undeliverable' } },
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'unverified' } },
  { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'unpriced' } },
  { type: 'field.changed', field: 'destinationName', value: 'Sara Ali' },
  { type: 'field.changed', field: 'destinationPhoneNumber', value: '+966501234567' },
  { type: 'field.changed', field: 'orderAmount', value: '120' },
  { type: 'details.submitted' },
  { type: 'itemValue.confirmed' },
  { type: 'itemValue.dismissed' },
  { type: 'payment.method.selected', method: 'ONLINE_PAYMENT' },
  { type: 'voucher.submitted', code: 'WELCOME10' },
  // The voucher's check (voucherCheck.test.ts walks how each answer comes about).
  voucherApplied,
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'refused', fee } },
  voucherFeeRefused,
  { type: 'voucher.removed' },
  { type: 'order.submitted' },
  { type: 'xstate.done.actor.submitOrder', output: { orderId: 'order-9' } },
  { type: 'xstate.error.actor.submitOrder', error: new Error(SIGNATURE_EXPIRED) },
  { type: 'xstate.error.actor.submitOrder', error: new Error('500') },
  { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'retry', fee: RENEWED_FEE, discountedFee: RENEWED_DISCOUNT } },
  { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'abandoned', fee: { fee: 18, signature: 'sig-3', expires_at: 0 }, discountedFee: null } },
  { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'failed', fee: null, discountedFee: null } },
  { type: 'xstate.done.actor.loadOrderToUpdate', output: anOrder('RECEIVED') },
  { type: 'xstate.error.actor.loadOrderToUpdate', error: new Error('404') },
  { type: 'back' },
  // The customer kept in the address book, and a saved customer picked with the address.
  { type: 'address.save.requested' },
  { type: 'xstate.done.actor.saveAddressBookEntry' },
  { type: 'xstate.error.actor.saveAddressBookEntry', error: new Error('500') },
  { type: 'destination.selected', text: 'Saved: Villa 3', latitude: 24.71, longitude: 46.67, customer: { name: 'Omar', phoneNumber: '+966501112233', notes: 'Ring twice' } },
  { type: 'vat.changed', vatNumber: '31000001' },
  { type: 'preorder.changed', preorderedFor: NOW + 86_400 },
  { type: 'fee.accepted' },
  { type: 'fee.rejected' },
  // The card form's payment renewed an expired fee and the vendor refused the voucher with it.
  { type: 'fee.renewed', fee: RENEWED_FEE, discountedFee: null },
];

/** What changes the machine's behaviour; the draft enters through the form rule's verdict. */
function serialize(snapshot: { value: unknown; context: RequestRiderContext }): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.vendor.vendor_id,
    c.origin !== null,
    c.originAsked,
    validateOrderForm(orderFormOf(c.vendor.vendor_id, c.draft), c.countryCode),
    c.draft.orderAmount,
    c.draft.destinationLatitude,
    c.draft.paymentMethod,
    Object.keys(c.errors),
    c.destinationError,
    // Whether a fee is known, not which: a renewed fee changes no behaviour, and keying on it would
    // walk every payment-step state once more per renewal outcome.
    c.fee !== null,
    c.voucher?.code ?? null,
    c.voucherError,
    c.orderItemValueExceedValidation,
    c.orderId,
    c.repeatOrderId ?? null,
    c.templateId ?? null,
  ]);
}

/** Actors' answers that mean success: none of them may show an error toast. */
const successfulAnswers = ['submitOrder', 'saveAddressBookEntry', 'saveOriginAddress', 'voucherCheck', 'loadOrderToUpdate'];
const outcomeOf = (view: StepView) => (view.event as unknown as { output?: { outcome?: string } }).output?.outcome;
const pricedDestination = (view: StepView) => isDone('destinationCheck')(view) && outcomeOf(view) === 'priced';
const prefilled = (view: StepView) => isDone('requestPrefill')(view) && outcomeOf(view) === 'filled';
const contextOf = (view: StepView) => view.after.context as RequestRiderContext;

/** SPEC.md §9: a toast of the request flow stays 5000 ms (3500 ms elsewhere). */
const REQUEST_TOAST_MS = 5000;

// Effect oracles from SPEC.md §4 "Request flow" and §8 "Request toasts", checked on every step.
type OriginDetails = { unit: string; building: string; notes: string };

/**
 * The origin a guest keeps or a vendor saves carries the unit, building and notes typed for it, not
 * the origin as it was picked (the state key holds the origin, the oracles above read it back from
 * the context, so a details edit that was dropped passed them).
 */
const originDetailsKept: EffectOracle = {
  rule: 'SPEC §3: the origin address kept or saved has the unit, building and notes last typed for it',
  path: (steps) => {
    let typed: OriginDetails | null = null;
    let saves = 0;
    for (const view of steps) {
      const event = view.event as ModelEvent;
      const editing = view.before?.matches({ originDetails: 'editing' }) === true;
      if (editing && event.type === 'origin.details.changed') typed = { unit: event.unit, building: event.building, notes: event.notes } as OriginDetails;
      // Another address with coordinates picked while giving the details replaces the first, details and all.
      const picked = event.origin as { latitude: number | null; longitude: number | null } | undefined;
      if (view.before?.matches('originDetails') && event.type === 'origin.selected' && picked?.latitude != null && picked.longitude != null) typed = null;
      for (const kept of named(view.effects, 'storeGuestOrigin')) if (typed) expect((kept.params as { origin: unknown }).origin).toMatchObject(typed);
      if (view.after.hasTag('savingOrigin') && !view.before?.hasTag('savingOrigin')) {
        const saved = (view.replay.started.saveOriginAddress ?? [])[saves++] as { origin: unknown } | undefined;
        if (typed) expect(saved?.origin).toMatchObject(typed);
      }
    }
  },
};

/** Events after which the fee or the voucher is another one than the online payment renewed. */
const feeOrVoucherReplaced = new Set([
  'xstate.done.actor.destinationCheck',
  'xstate.done.actor.voucherCheck',
  'xstate.done.actor.signatureRetry',
  'voucher.submitted',
  'voucher.removed',
]);
/** Events that fill the draft in afresh (a past order, a template, the order edited). */
const draftReplaced = new Set(['template.applied', 'xstate.done.actor.requestPrefill', 'xstate.done.actor.loadOrderToUpdate']);

/**
 * What the payment step entered reaches the order placed: read from the events sent, not from the
 * context, so an edit the machine dropped fails here.
 */
const submitCarriesPaymentDetails: EffectOracle = {
  rule: "SPEC §3 Order request payload: vat_number, preordered_for and the voucher's discounted fee are the ones last entered (a VAT number cleared is none; §5: a VAT number has 8 characters)",
  path: (steps) => {
    let vatNumber = (steps[0]?.after.context as RequestRiderContext | undefined)?.vatNumber ?? null;
    let preorderedFor: number | null | undefined;
    let renewedDiscount: SignedFee | undefined;
    for (const view of steps) {
      const event = view.event as ModelEvent;
      const before = view.before;
      if (event.type === 'vat.changed' && before?.matches({ drafting: 'payment' })) vatNumber = event.vatNumber === '' ? null : (event.vatNumber as string);
      if (event.type === 'preorder.changed' && (before?.matches({ drafting: 'details' }) || before?.matches({ drafting: 'payment' }))) {
        preorderedFor = event.preorderedFor as number | null;
      }
      if (draftReplaced.has(event.type)) preorderedFor = undefined;
      if (feeOrVoucherReplaced.has(event.type)) renewedDiscount = undefined;
      // The card form renewed the fee with the voucher's discount: the voucher stays, with that discount.
      const withVoucher = (before?.context as RequestRiderContext | undefined)?.voucher != null;
      if (event.type === 'fee.renewed' && before?.matches({ drafting: { payment: 'idle' } })) {
        renewedDiscount = withVoucher && event.discountedFee !== null ? (event.discountedFee as SignedFee) : undefined;
      }
      if (!view.after.matches('submitting') || before?.matches('submitting') === true) continue;
      const sent = view.replay.started.submitOrder?.at(-1) as SubmitOrderInput;
      if (sent.mode !== 'create') continue;
      expect(sent.payload.vat_number, 'the VAT number last typed').toBe(vatNumber);
      if (preorderedFor !== undefined) expect(sent.payload.preordered_for, 'the pre-order slot last chosen').toBe(preorderedFor);
      if (renewedDiscount) {
        expect(sent.payload.voucher?.code, 'the voucher kept with its renewed discount').toBe('WELCOME10');
        expect(sent.payload.discounted_delivery_fee_signature).toBe(renewedDiscount.signature);
      }
    }
  },
};

/** An order-item value the vendor confirmed is not asked about again until the amount (or the drop-off's limit) changes. */
const itemValueConfirmedOnce: EffectOracle = {
  rule: 'SPEC §4 Request flow: an order-item value above a limit raises a warning with a confirm step, once for the amount confirmed',
  path: (steps) => {
    let confirmedAmount: string | null = null;
    for (const view of steps) {
      const event = view.event as ModelEvent;
      if (event.type === 'xstate.done.actor.destinationCheck' || draftReplaced.has(event.type) || (event.type === 'field.changed' && event.field === 'orderAmount')) {
        confirmedAmount = null;
      }
      const asking = { drafting: { details: 'confirmingItemValue' } } as const;
      if (event.type === 'itemValue.confirmed' && view.before?.matches(asking)) confirmedAmount = contextOf(view).draft.orderAmount;
      if (view.after.matches(asking) && view.before?.matches(asking) !== true) {
        expect(contextOf(view).draft.orderAmount, 'asked again for an amount already confirmed').not.toBe(confirmedAmount);
      }
    }
  },
};

const oracles: EffectOracle[] = [
  effectExactlyWhen(
    'SPEC §4 Request flow: submit, then the tracking page (of the order placed, exactly once)',
    'navigateToTracking',
    isDone('submitOrder'),
    (view) => ({ vendorId: contextOf(view).vendor.vendor_id, orderId: (view.event as unknown as { output: { orderId: string } }).output.orderId }),
  ),
  effectAtMost('SPEC §4 Request flow: one placed order opens the tracking page once', 'navigateToTracking', 1),
  effectNever('SPEC §8 Request toasts: a successful answer shows no error toast', isToastOf('error'), (view) =>
    successfulAnswers.some((id) => isDone(id)(view)) || pricedDestination(view) || prefilled(view),
  ),
  {
    rule: "SPEC §8 Request toasts: 'Order pushed!' (or 'Order Updated!' when editing) exactly when the order is placed, a success toast of the request flow's 5000 ms",
    step: (view) => {
      const placedToasts = named(view.effects, 'toast')
        .map((effect) => effect.params as { kind: string; message: string; durationMs: number })
        .filter(({ message }) => message === REQUEST_TEXTS.created || message === REQUEST_TEXTS.updated);
      const placed = isDone('submitOrder')(view);
      const message = contextOf(view).orderId === null ? REQUEST_TEXTS.created : REQUEST_TEXTS.updated;
      expect(placedToasts).toEqual(placed ? [{ kind: 'success', message, durationMs: REQUEST_TOAST_MS }] : []);
    },
  },
  {
    rule: "SPEC §8 Request toasts: a refused order shows 'Could not create that order' (or 'Could not update that order') as an error toast",
    step: (view) => {
      if (!isError('submitOrder')(view) || !view.after.matches('submitFailed')) return;
      const message = contextOf(view).orderId === null ? REQUEST_TEXTS.createFailed : REQUEST_TEXTS.updateFailed;
      expect(named(view.effects, 'toast').map((effect) => effect.params)).toEqual([{ kind: 'error', message, durationMs: REQUEST_TOAST_MS }]);
    },
  },
  {
    rule: '#27 Order again: nothing is placed without the vendor\'s confirmation (the submit, or a renewed fee it accepted)',
    step: (view) => {
      const startsSubmit = view.after.matches('submitting') && view.before?.matches('submitting') !== true;
      if (startsSubmit) expect(['order.submitted', 'xstate.done.actor.signatureRetry']).toContain(view.event.type);
    },
  },
  {
    rule: '#27 Order again and templates: the past order\'s or template\'s drop-off, recipient and item are filled in, and the fee is quoted afresh',
    step: (view) => {
      if (!prefilled(view)) return;
      const { prefill } = (view.event as unknown as { output: Extract<RequestPrefillOutput, { outcome: 'filled' }> }).output;
      const c = contextOf(view);
      expect(view.after.matches('checkingDestination')).toBe(true);
      const { paymentMethod: _method, ...filled } = prefill;
      expect(c.draft).toMatchObject({ ...filled, preorderedFor: null, tagId: '' });
      const quoted = view.replay.started.destinationCheck?.at(-1) as FeeRequest;
      expect(quoted.destination).toEqual({ latitude: prefill.destinationLatitude, longitude: prefill.destinationLongitude });
      expect(c.fee, 'no fee from the past order').toBeNull();
    },
  },
  {
    rule: '#27 Order again and templates: the prefill is asked for the outlet of the request, from the order or template named',
    step: (view) => {
      if (!view.after.matches('prefilling') || view.before?.matches('prefilling') === true) return;
      const c = contextOf(view);
      expect(view.replay.started.requestPrefill?.at(-1)).toEqual({
        vendorId: c.vendor.vendor_id,
        source: c.repeatOrderId ? { kind: 'order', orderId: c.repeatOrderId } : { kind: 'template', templateId: c.templateId },
      });
    },
  },
  {
    rule: '#27 Templates: a picked template fills in its drop-off, recipient, item and payment method, and its fee is quoted afresh',
    step: (view) => {
      if (view.event.type !== 'template.applied' || !view.before?.matches('drafting')) return;
      const { template } = view.event as unknown as { template: OrderTemplate };
      const c = contextOf(view);
      expect(view.after.matches('checkingDestination')).toBe(true);
      expect(c.draft).toMatchObject({
        destinationName: template.customer_name,
        destinationPhoneNumber: template.phone_number,
        destinationTextAddress: template.address,
        destinationLatitude: template.latitude,
        riderNotes: template.notes,
        orderAmount: String(template.amount),
        orderDescription: template.description,
        paymentMethod: template.payment_method,
      });
      const quoted = view.replay.started.destinationCheck?.at(-1) as FeeRequest;
      expect(quoted.destination).toEqual({ latitude: template.latitude, longitude: template.longitude });
    },
  },
  {
    rule: '#27 Order again and templates: a past order or template that cannot be read says so and leaves an empty request',
    step: (view) => {
      if (!isDone('requestPrefill')(view) || outcomeOf(view) !== 'failed') return;
      const { message } = (view.event as unknown as { output: { message: string } }).output;
      expect(view.after.matches({ drafting: 'destination' })).toBe(true);
      expect(contextOf(view).repeatOrderId).toBeNull();
      expect(contextOf(view).templateId).toBeNull();
      expect(contextOf(view).draft.destinationLatitude).toBeNull();
      expect(named(view.effects, 'toast').map((effect) => (effect.params as { message: string }).message)).toEqual([message]);
    },
  },
  effectExactlyWhen(
    "SPEC §1: a guest's order data is kept locally: the origin, once its details are confirmed",
    'storeGuestOrigin',
    (view) => view.event.type === 'origin.details.confirmed' && contextOf(view).isGuest && view.before?.matches('originDetails') === true,
    (view) => ({ origin: contextOf(view).origin }),
  ),
  {
    rule: 'SPEC §4 Request flow: a drop-off is priced from the pickup the flow holds (the outlet\'s or the one given), never from none',
    step: (view) => {
      if (!view.after.matches('checkingDestination') || view.before?.matches('checkingDestination') === true) return;
      const { origin: pickup } = contextOf(view);
      expect(pickup, 'a pickup before any fee').not.toBeNull();
      const quoted = view.replay.started.destinationCheck?.at(-1) as FeeRequest;
      expect(quoted.source).toEqual({ latitude: pickup?.latitude, longitude: pickup?.longitude });
    },
  },
  originDetailsKept,
  submitCarriesPaymentDetails,
  itemValueConfirmedOnce,
];

// Shortest paths: the request flow's simple paths run into the millions (every field edit in any order
// at every step); the shortest path to each distinct state still visits every step, guard side and error.
const modelFor = (input: RequestRiderInput): PathModel => ({
  machine: requestRiderMachine,
  input,
  strategy: 'shortest',
  effects: ['toast', 'navigateToTracking', 'storeGuestOrigin'],
  oracles,
  events,
  serializeState: (snapshot) => serialize(snapshot as unknown as { value: unknown; context: RequestRiderContext }),
});

// A phone number broken again on the payment step sends the submit back to the details: a small model
// of its own, as that sample among all the others doubles the states the traversal visits.
const brokenOnPayment: PathModel = {
  ...modelFor(baseInput),
  events: [
    { type: 'xstate.done.actor.fetchServiceHours', output: null },
    { type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 },
    { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: 100 } },
    { type: 'field.changed', field: 'destinationName', value: 'Sara Ali' },
    { type: 'field.changed', field: 'destinationPhoneNumber', value: '+966501234567' },
    { type: 'field.changed', field: 'orderAmount', value: '20' },
    { type: 'details.submitted' },
    { type: 'field.changed', field: 'destinationPhoneNumber', value: '12' },
    { type: 'order.submitted' },
  ],
};

/** The discount the card form's payment renewed with the fee, the voucher kept. */
const PAYMENT_RENEWED_DISCOUNT: SignedFee = { fee: 13.5, signature: 'sig-pay-v', expires_at: 0 };
const pickupTomorrow = NOW + 86_400;

/** The order details filled in one field after the other: an amount at the limit (100) and one above it. */
function detailsEventsAt(c: RequestRiderContext): ModelEvent[] {
  if (c.draft.destinationName === '') return [{ type: 'field.changed', field: 'destinationName', value: 'Sara Ali' }];
  if (c.draft.destinationPhoneNumber === '') return [{ type: 'field.changed', field: 'destinationPhoneNumber', value: '+966501234567' }];
  if (c.draft.orderAmount === '') {
    return [
      { type: 'field.changed', field: 'orderAmount', value: '100' },
      { type: 'field.changed', field: 'orderAmount', value: '120' },
    ];
  }
  return [{ type: 'details.submitted' }, { type: 'itemValue.confirmed' }];
}

/**
 * On the payment step, one entry at a time from the step as first shown, then the submit: the VAT
 * number typed or cleared, a pre-order slot, another name after the item value was confirmed, a
 * voucher (applied, or its renewed fee refused) and the card form's renewal of the applied voucher's fee.
 */
function paymentEventsAt(c: RequestRiderContext, applying: boolean): ModelEvent[] {
  if (applying) return [voucherApplied, voucherFeeRefused];
  const submit: ModelEvent = { type: 'order.submitted' };
  if (c.voucher !== null && c.discountedFee?.signature !== PAYMENT_RENEWED_DISCOUNT.signature) {
    return [{ type: 'fee.renewed', fee: RENEWED_FEE, discountedFee: PAYMENT_RENEWED_DISCOUNT }, { type: 'fee.renewed', fee: RENEWED_FEE, discountedFee: null }, submit];
  }
  const firstShown = c.vatNumber === paymentDetailsInput.vatNumber && c.draft.preorderedFor === null && c.fee?.signature === fee.signature && c.draft.destinationName === 'Sara Ali';
  if (!firstShown) return [submit];
  return [
    { type: 'vat.changed', vatNumber: '31000001' },
    { type: 'vat.changed', vatNumber: '' },
    { type: 'preorder.changed', preorderedFor: pickupTomorrow },
    { type: 'voucher.submitted', code: 'WELCOME10' },
    ...(c.orderItemValueExceedValidation.confirmed ? [{ type: 'field.changed', field: 'destinationName', value: 'Sara Omar' }] : []),
    submit,
  ];
}

// What the payment step enters and the submit must carry (SPEC §3 payload), and the item value at and
// above the limit (§4): the main key leaves the VAT number, the slot and the discount out (keying on
// them would multiply every payment state), so a small model of its own, keyed on them, enters each
// once and submits.
const paymentDetailsInput: RequestRiderInput = { ...baseInput, vatNumber: '30000000' };
const paymentDetails: PathModel = {
  ...modelFor(paymentDetailsInput),
  events: (snapshot) => {
    const c = (snapshot as unknown as { context: RequestRiderContext }).context;
    const at = (value: unknown) => (snapshot as unknown as { matches: (value: unknown) => boolean }).matches(value);
    if (at('checkingHours')) return [{ type: 'xstate.done.actor.fetchServiceHours', output: null }];
    if (at({ drafting: 'destination' })) return [{ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 }];
    if (at('checkingDestination')) return [{ type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: 100 } }];
    if (at({ drafting: 'details' })) return detailsEventsAt(c);
    if (at({ drafting: 'payment' })) return paymentEventsAt(c, at({ drafting: { payment: 'applyingVoucher' } }));
    return [];
  },
  serializeState: (snapshot) => {
    const c = (snapshot as unknown as { context: RequestRiderContext }).context;
    const main = serialize(snapshot as unknown as { value: unknown; context: RequestRiderContext });
    return JSON.stringify([main, c.vatNumber, c.draft.preorderedFor, c.draft.destinationName, c.fee?.signature ?? null, c.discountedFee?.signature ?? null]);
  },
};

// "Order again" from a past order paid online: filled in, priced afresh, and placed only on submit.
const repeatedOrder = anOrder('DELIVERED', {
  order_id: 'order-past',
  customer: { name: 'Omar Saleh', phone_number: '+966501112233', location: { address: 'Tahlia Street, Riyadh', latitude: 24.69, longitude: 46.68, notes: 'Ring twice' } },
  order: { amount: 40, description: 'Cake box', payment_method: 'ONLINE_PAYMENT' },
  preordered_for: NOW + 3600,
});
/** A saved template of the outlet, paid online (offered in the base input). */
const savedTemplate: OrderTemplate = {
  id: 'template-1', vendor_id: 'vendor-1', name: 'Morning bread', customer_name: 'Huda Nasser', phone_number: '+966502223344',
  latitude: 24.75, longitude: 46.62, address: '3, Villa 8, Al Yasmin, Riyadh', notes: 'Back gate', amount: 45,
  description: 'Bread basket', payment_method: 'ONLINE_PAYMENT', created_at: NOW - 86_400, updated_at: NOW - 86_400,
};
const orderAgain: PathModel = {
  ...modelFor({ ...baseInput, repeatOrderId: 'order-past' }),
  events: [
    { type: 'xstate.done.actor.fetchServiceHours', output: null },
    { type: 'xstate.done.actor.requestPrefill', output: { outcome: 'filled', prefill: prefillOfOrder(repeatedOrder) } },
    { type: 'xstate.done.actor.requestPrefill', output: { outcome: 'failed', message: PREFILL_TEXTS.repeatFailed } },
    { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: null } },
    { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'undeliverable' } },
    { type: 'details.submitted' },
    { type: 'order.submitted' },
    { type: 'xstate.done.actor.submitOrder', output: { orderId: 'order-9' } },
    { type: 'template.applied', template: savedTemplate },
  ],
};

// A saved template opened from the templates screen (query template): filled in and priced afresh.
const fromTemplate: PathModel = {
  ...modelFor({ ...baseInput, templateId: 'template-1' }),
  events: [
    { type: 'xstate.done.actor.fetchServiceHours', output: null },
    { type: 'xstate.done.actor.requestPrefill', output: { outcome: 'filled', prefill: prefillOfTemplate(savedTemplate) } },
    { type: 'xstate.done.actor.requestPrefill', output: { outcome: 'failed', message: PREFILL_TEXTS.templateFailed } },
    { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: null } },
    { type: 'details.submitted' },
    { type: 'order.submitted' },
    { type: 'xstate.done.actor.submitOrder', output: { orderId: 'order-9' } },
  ],
};

const guestInput: RequestRiderInput = { ...baseInput, vendor: withoutCoordinates, isGuest: true, guestSender: { name: 'Guest', email: 'g@example.com', phoneNumber: '+966 50 111 2222' } };

// The unit, building and notes typed for the pickup, then kept or saved: among the main model's samples
// the shortest path to "kept" or "saving" never types them, so a small model of their own walks it.
const originEvents: ModelEvent[] = [
  { type: 'origin.selected', origin },
  { type: 'origin.details.changed', unit: '4', building: 'Tower A', notes: 'Gate 2' },
  { type: 'origin.details.confirmed' },
  { type: 'xstate.done.actor.saveOriginAddress' },
  { type: 'xstate.error.actor.saveOriginAddress', error: new Error('500') },
];

/** The origin-details models tell states apart by the origin too (the main key leaves its details out). */
const withOrigin = (model: PathModel): PathModel => ({
  ...model,
  events: originEvents,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as RequestRiderContext).origin]),
});

// An order edited from an outlet without an address: the pickup is asked first, whether the order
// loads or not (a small model: the main samples after the drop-off's check add nothing here).
const updateWithoutOrigin: PathModel = {
  ...modelFor({ ...baseInput, vendor: withoutCoordinates, orderId: 'order-received' }),
  events: [
    { type: 'xstate.done.actor.loadOrderToUpdate', output: anOrder('RECEIVED') },
    { type: 'xstate.error.actor.loadOrderToUpdate', error: new Error('404') },
    ...originEvents,
    { type: 'xstate.done.actor.fetchServiceHours', output: null },
    { type: 'xstate.done.actor.destinationCheck', output: { outcome: 'priced', fee, itemValueLimit: 100 } },
    { type: 'back' },
  ],
};

const models = {
  'vendor without coordinates': modelFor({ ...baseInput, vendor: withoutCoordinates }),
  'guest without an origin': modelFor(guestInput),
  'origin details typed by a vendor': withOrigin(modelFor({ ...baseInput, vendor: withoutCoordinates })),
  'origin details typed by a guest': withOrigin(modelFor(guestInput)),
  'order update': modelFor({ ...baseInput, orderId: 'order-received' }),
  'order update from an outlet without an address': updateWithoutOrigin,
  'details broken on the payment step': brokenOnPayment,
  'payment details entered and submitted': paymentDetails,
  'order again': orderAgain,
  'saved template': fromTemplate,
};
const walked: ModelPath[] = [];

const toastsOf = (effects: { name: string; params: unknown }[]) =>
  effects.filter((effect) => effect.name === 'toast').map((effect) => (effect.params as { message: string }).message);

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`requestRider (${name}): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay, step) => {
          const c = snapshot.context as RequestRiderContext;
          const lastToast = toastsOf(replay.effects).at(-1);
          // Effect oracle (SPEC.md §4 signature handling): every path that sends a signed fee renews an
          // expired one with signatureRetry, with the applied voucher, and the next request carries
          // the renewed signature.
          const renewal = step.event.type === 'xstate.done.actor.signatureRetry' && (step.event as unknown as { output: { outcome: string } }).output.outcome === 'retry';
          if (snapshot.matches('renewingSignature')) {
            const asked = replay.started.signatureRetry?.at(-1) as { previousFee: unknown; duringSubmit: boolean; voucher: { code: string } | null };
            expect(asked.previousFee).toEqual(c.fee);
            expect(asked.duringSubmit, 'a changed fee is confirmed by the user').toBe(true);
            expect(asked.voucher?.code ?? null).toBe(c.voucher?.code ?? null);
          }
          if (renewal) expect(c.fee).toEqual(RENEWED_FEE);
          if (renewal && snapshot.matches('submitting')) {
            const sent = replay.started.submitOrder?.at(-1) as SubmitOrderInput;
            const signature = sent.mode === 'create' ? sent.payload.signature : sent.body.signature;
            expect(signature, 'the resubmit carries the renewed signature').toBe(RENEWED_FEE.signature);
            if (sent.mode === 'create') {
              expect(sent.payload.discounted_delivery_fee_signature ?? null).toBe(c.voucher ? RENEWED_DISCOUNT.signature : null);
            }
          }
          if (snapshot.matches({ drafting: { payment: 'applyingVoucher' } })) {
            const sent = replay.started.voucherCheck?.at(-1) as { fee: unknown; code: string; feeRequest: FeeRequest };
            expect(sent.fee, 'the voucher is checked on the fee shown').toEqual(c.fee);
            expect(sent.code).toBe('WELCOME10');
            expect(sent.feeRequest.destination.latitude).toBe(c.draft.destinationLatitude);
          }
          if (step.event.type === 'fee.renewed' && snapshot.matches({ drafting: { payment: 'idle' } })) {
            // The order is placed with the fee the payment renewed; a voucher without a renewed discount goes.
            const renewed = step.event as unknown as { fee: SignedFee; discountedFee: SignedFee | null };
            expect(c.fee).toEqual(renewed.fee);
            if (renewed.discountedFee === null) expect(c.voucher).toBeNull();
            else expect(c.discountedFee).toEqual(renewed.discountedFee);
          }
          if (step.event.type === 'xstate.done.actor.voucherCheck') {
            const output = (step.event as unknown as { output: { outcome: string; fee: SignedFee } }).output;
            // The fee the check ended with is the one shown and sent; a refused code says so inline.
            expect(c.fee).toEqual(output.fee);
            expect(c.voucherError).toBe(output.outcome === 'refused' ? 'voucher.error.validation.message' : null);
            expect(c.voucher?.code ?? null).toBe(output.outcome === 'applied' ? 'WELCOME10' : (c.voucher?.code ?? null));
            if (output.outcome === 'feeRefused') expect(c.voucher).toBeNull();
          }
          if (snapshot.matches('submitting')) {
            const sent = replay.started.submitOrder?.at(-1) as SubmitOrderInput;
            if (c.orderId === null) {
              expect(sent.mode).toBe('create');
              if (sent.mode === 'create') {
                expect(sent.payload).toMatchObject({ vendor_id: c.vendor.vendor_id, delivery_fee: c.fee?.fee, signature: c.fee?.signature });
                expect(sent.payload.voucher?.code ?? null).toBe(c.voucher?.code ?? null);
                // A guest without its own address sends the sender, phone digits and + only.
                const ownAddress = c.vendor.vendor_information.location.latitude !== null;
                expect(sent.payload.sender?.phone_number ?? null).toBe(c.isGuest && !ownAddress ? '+966501112222' : null);
              }
            } else {
              expect(sent).toMatchObject({ mode: 'update', orderId: 'order-received', body: { delivery_fee: c.fee?.fee } });
            }
          }
          if (snapshot.matches('success')) {
            expect(replay.effects.at(-1)).toEqual({ name: 'navigateToTracking', params: { vendorId: c.vendor.vendor_id, orderId: 'order-9' } });
            expect(lastToast).toBe(c.orderId === null ? REQUEST_TEXTS.created : REQUEST_TEXTS.updated);
          }
          if (snapshot.matches('submitFailed') && step.event.type === 'xstate.error.actor.submitOrder') {
            expect(lastToast).toBe(c.orderId === null ? REQUEST_TEXTS.createFailed : REQUEST_TEXTS.updateFailed);
          }
          if (snapshot.matches('closed')) expect(c.serviceHours).toBe('1000:1100');
          const checked = step.event.type === 'xstate.done.actor.destinationCheck' ? outcomeOf({ event: step.event } as StepView) : undefined;
          if (checked === 'undeliverable') {
            expect(snapshot.matches({ drafting: 'destination' })).toBe(true);
            expect(c.destinationError).toBe('request.error.undeliverable-address');
            expect(lastToast).toBe(REQUEST_TEXTS.undeliverable);
          }
          if (checked === 'unpriced') {
            expect(c.destinationError).toBe('request.error.cannot-compute-price');
            expect(lastToast).toBe(REQUEST_TEXTS.cannotComputePrice);
          }
          if (checked === 'unverified') expect(lastToast).toBe(REQUEST_TEXTS.cannotVerify);
          if (checked === 'priced') {
            // The drop-off's fee replaces the old one, and a voucher checked against the old one goes.
            expect(snapshot.matches({ drafting: { details: 'editing' } })).toBe(true);
            expect(c.fee).toEqual(fee);
            expect(c.voucher).toBeNull();
          }
          if (step.event.type === 'details.submitted' && snapshot.matches({ drafting: { details: 'editing' } })) {
            // Errors are shown on the field the first failing rule names.
            expect(Object.keys(c.errors)).toHaveLength(1);
          }
          if (snapshot.matches({ drafting: { details: 'confirmingItemValue' } })) {
            expect(Number(c.draft.orderAmount)).toBeGreaterThan(c.orderItemValueExceedValidation.limit);
          }
          // The details stay editable beside the payment, so only a field edit there may break them.
          if (snapshot.matches({ drafting: 'payment' }) && step.event.type !== 'back' && step.event.type !== 'field.changed') {
            expect(validateOrderForm(orderFormOf(c.vendor.vendor_id, c.draft), c.countryCode)).toBeNull();
          }
          if (step.event.type === 'address.save.requested' && snapshot.matches({ drafting: { details: 'savingAddress' } })) {
            const sent = replay.started.saveAddressBookEntry?.at(-1) as { entry: { name: string; latitude: number } };
            expect(sent.entry).toMatchObject({ name: c.draft.destinationName.trim(), latitude: c.draft.destinationLatitude });
          }
          if (step.event.type === 'xstate.done.actor.saveAddressBookEntry') expect(lastToast).toBe(REQUEST_TEXTS.addressSaved);
          if (step.event.type === 'xstate.error.actor.saveAddressBookEntry') expect(lastToast).toBe(REQUEST_TEXTS.addressNotSaved);
        });
      });
    }
  });
}

describe('requestRider: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('requestRider', walked));

  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const fetchServiceHours = fromPromise<string | null, { vendorId: string }>(async () => null);
  /** The drop-off check: deliverable, no item-value limit, the fee as `computeFee` answers. */
  const destinationCheck = (computeFee: (input: FeeRequest) => Promise<SignedFee>) =>
    destinationCheckMachine.provide({
      actors: {
        validateDestination: fromPromise<{ deliverable: boolean }, FeeRequest>(async () => ({ deliverable: true })),
        computeFee: fromPromise(({ input }) => computeFee(input)),
        fetchOrderItemValueLimit: fromPromise<number, { vendorId: string }>(async () => -1),
      },
    });

  it('race: going back while the fee is still computing ignores the late fee', async () => {
    let finishFee: (fee: SignedFee) => void = () => {};
    const actor = createActor(
      requestRiderMachine.provide({
        actors: { fetchServiceHours, destinationCheck: destinationCheck(() => new Promise<SignedFee>((resolve) => (finishFee = resolve))) },
      }),
      { input: baseInput },
    ).start();
    await settle();
    actor.send({ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 });
    await settle();
    expect(actor.getSnapshot().matches('checkingDestination')).toBe(true);
    expect(actor.getSnapshot().children.destinationCheck?.getSnapshot()).toMatchObject({ value: 'pricing' });
    actor.send({ type: 'back' });
    finishFee(fee);
    await settle();
    expect(actor.getSnapshot().matches({ drafting: 'destination' })).toBe(true);
    expect(actor.getSnapshot().context.fee).toBeNull();
  });

  it('Order again: the placed order carries the past drop-off, recipient and item with the fee quoted now', async () => {
    const sent: SubmitOrderInput[] = [];
    const loaded: { vendorId: string; orderId: string }[] = [];
    const actor = createActor(
      requestRiderMachine.provide({
        actors: {
          fetchServiceHours,
          requestPrefill: requestPrefillMachine.provide({
            actors: {
              loadOrderToRepeat: fromPromise<Order, { vendorId: string; orderId: string }>(async ({ input }) => {
                loaded.push(input);
                return { ...repeatedOrder, delivery_fee: 99, unit_number: '12', building: 'Villa 3', customer: { ...repeatedOrder.customer, location: { ...repeatedOrder.customer.location, address: '12, Villa 3, Tahlia Street, Riyadh' } } };
              }),
            },
          }),
          destinationCheck: destinationCheck(async () => fee),
          submitOrder: fromPromise<{ orderId: string }, SubmitOrderInput>(async ({ input }) => {
            sent.push(input);
            return { orderId: 'order-new' };
          }),
        },
      }),
      { input: { ...baseInput, repeatOrderId: 'order-past', availablePaymentMethods: ['CASH_ON_DELIVERY'] } },
    ).start();
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(loaded).toEqual([{ vendorId: 'vendor-1', orderId: 'order-past' }]);
    expect(actor.getSnapshot().matches({ drafting: { details: 'editing' } })).toBe(true);
    expect(sent, 'nothing is placed before the vendor confirms').toEqual([]);
    actor.send({ type: 'details.submitted' });
    actor.send({ type: 'order.submitted' });
    await settle();
    expect(sent).toHaveLength(1);
    const placed = sent[0];
    expect(placed.mode).toBe('create');
    if (placed.mode !== 'create') return;
    expect(placed.payload).toMatchObject({
      vendor_id: 'vendor-1',
      customer: { name: 'Omar Saleh', phone_number: '+966501112233', location: { address: '12, Villa 3, Tahlia Street, Riyadh', latitude: 24.69, longitude: 46.68, notes: 'Ring twice' } },
      // Online payment is not offered any more: the vendor's default method instead.
      order: { amount: 40, description: 'Cake box', payment_method: 'CASH_ON_DELIVERY' },
      delivery_fee: fee.fee,
      signature: fee.signature,
      preordered_for: null,
    });
  });

  /** The flow at the order details of a priced drop-off, with these actors besides. */
  async function atDetailsStep(actors: Parameters<typeof requestRiderMachine.provide>[0]['actors'], clock = new SimulatedClock()) {
    const actor = createActor(
      requestRiderMachine.provide({ actors: { fetchServiceHours, destinationCheck: destinationCheck(async () => fee), ...actors } }),
      { input: baseInput, clock },
    ).start();
    await settle();
    actor.send({ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 });
    await settle();
    await settle();
    await settle();
    expect(actor.getSnapshot().matches({ drafting: { details: 'editing' } })).toBe(true);
    return actor;
  }

  async function atPaymentStep(submitOrder: (input: SubmitOrderInput) => Promise<{ orderId: string }>, recomputed: SignedFee) {
    const clock = new SimulatedClock();
    const actor = await atDetailsStep(
      {
        submitOrder: fromPromise(({ input }) => submitOrder(input)),
        signatureRetry: signatureRetryMachine.provide({ actors: { computeFee: fromPromise(async () => recomputed) } }),
      },
      clock,
    );
    for (const [field, value] of [['destinationName', 'Sara Ali'], ['destinationPhoneNumber', '+966501234567'], ['orderAmount', '50']] as const) {
      actor.send({ type: 'field.changed', field, value });
    }
    actor.send({ type: 'details.submitted' });
    expect(actor.getSnapshot().matches({ drafting: 'payment' })).toBe(true);
    return { actor, clock };
  }

  // Each below is a case the model cannot walk: its end state is the same as another sample's (an
  // open store, a refused save, a renewal), reached by a shorter path already.
  it.each([
    ['hours that include now (03:00 in Riyadh)', '0200:0400'],
    ['an unreadable setting', 'every day'],
  ])('SPEC §4 Other: service hours: the store is open with %s', async (_, setting) => {
    const shown: unknown[] = [];
    const actor = createActor(
      requestRiderMachine.provide({
        actors: { fetchServiceHours: fromPromise<string | null, { vendorId: string }>(async () => setting) },
        actions: { toast: (_, params) => void shown.push(params) },
      }),
      { input: baseInput },
    ).start();
    await settle();
    expect(actor.getSnapshot().matches({ drafting: 'destination' })).toBe(true);
    expect(shown, 'no "Service hours" warning').toEqual([]);
    actor.stop();
  });

  // API.md POST /addressbook/{vendorId} keeps {name, phone_number, ...}: the customer found again by
  // name or phone in the address input's saved results (SPEC §2), so a customer lacking either is not sent.
  it.each([
    ['a blank name', '  ', '+966501234567', false],
    ['no phone', 'Sara Ali', '', false],
    ['a name and a phone', 'Sara Ali', '+966501234567', true],
  ])('address book: a customer with %s is saved: %s', async (_, name, phone, saved) => {
    const sent: unknown[] = [];
    const actor = await atDetailsStep({ saveAddressBookEntry: fromPromise(async ({ input }) => void sent.push(input)) });
    actor.send({ type: 'field.changed', field: 'destinationName', value: name });
    actor.send({ type: 'field.changed', field: 'destinationPhoneNumber', value: phone });
    actor.send({ type: 'address.save.requested' });
    await settle();
    expect(sent).toEqual(saved ? [{ vendorId: 'vendor-1', entry: expect.objectContaining({ name, phone_number: phone, latitude: 24.71, longitude: 46.67 }) }] : []);
    actor.stop();
  });

  // API.md's error shape: the API client may reject with the server's bare message rather than an Error.
  it.each([
    [SIGNATURE_EXPIRED, 'renewingSignature'],
    ['OrderRefused', 'submitFailed'],
  ])('SPEC §4 signature handling: a submit refused with the bare text %j goes to %s', async (reason, next) => {
    const { actor } = await atPaymentStep(() => Promise.reject(reason), fee);
    actor.send({ type: 'order.submitted' });
    await settle();
    expect(actor.getSnapshot().value).toBe(next);
    actor.stop();
  });

  it('SignatureExpired with an unchanged fee waits 1 s, recomputes and resubmits', async () => {
    const sent: SubmitOrderInput[] = [];
    const { actor, clock } = await atPaymentStep(async (input) => {
      sent.push(input);
      if (sent.length === 1) throw new Error(SIGNATURE_EXPIRED);
      return { orderId: 'order-1' };
    }, { fee: 15, signature: 'sig-fresh', expires_at: 0 });
    actor.send({ type: 'order.submitted' });
    await settle();
    expect(actor.getSnapshot().matches('renewingSignature')).toBe(true);
    clock.increment(1000);
    await settle();
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1].mode === 'create' && sent[1].payload.signature).toBe('sig-fresh');
    expect(actor.getSnapshot().matches('success')).toBe(true);
  });

  it('SignatureExpired with a changed fee asks the user to confirm it before resubmitting', async () => {
    const sent: SubmitOrderInput[] = [];
    const { actor, clock } = await atPaymentStep(async (input) => {
      sent.push(input);
      if (sent.length === 1) throw new Error(SIGNATURE_EXPIRED);
      return { orderId: 'order-1' };
    }, { fee: 18, signature: 'sig-18', expires_at: 0 });
    actor.send({ type: 'order.submitted' });
    await settle();
    clock.increment(1000);
    await settle();
    expect(sent).toHaveLength(1);
    actor.send({ type: 'fee.accepted' });
    await settle();
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1].mode === 'create' && sent[1].payload.delivery_fee).toBe(18);
  });
});
