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
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'applied', fee: RENEWED_FEE, voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' }, discountedFee: { fee: 13.5, signature: 'sig-v', expires_at: 0 } } },
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'refused', fee } },
  { type: 'xstate.done.actor.voucherCheck', output: { outcome: 'feeRefused', fee: { fee: 18, signature: 'sig-3', expires_at: 0 } } },
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
  originDetailsKept,
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

const models = {
  'vendor without coordinates': modelFor({ ...baseInput, vendor: withoutCoordinates }),
  'guest without an origin': modelFor(guestInput),
  'origin details typed by a vendor': withOrigin(modelFor({ ...baseInput, vendor: withoutCoordinates })),
  'origin details typed by a guest': withOrigin(modelFor(guestInput)),
  'order update': modelFor({ ...baseInput, orderId: 'order-received' }),
  'details broken on the payment step': brokenOnPayment,
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
            expect(c.fee).toEqual(RENEWED_FEE);
            expect(c.voucher).toBeNull();
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

  async function atPaymentStep(submitOrder: (input: SubmitOrderInput) => Promise<{ orderId: string }>, recomputed: SignedFee) {
    const clock = new SimulatedClock();
    const actor = createActor(
      requestRiderMachine.provide({
        actors: {
          fetchServiceHours,
          destinationCheck: destinationCheck(async () => fee),
          submitOrder: fromPromise(({ input }) => submitOrder(input)),
          signatureRetry: signatureRetryMachine.provide({ actors: { computeFee: fromPromise(async () => recomputed) } }),
        },
      }),
      { input: baseInput, clock },
    ).start();
    await settle();
    actor.send({ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 });
    await settle();
    await settle();
    await settle();
    for (const [field, value] of [['destinationName', 'Sara Ali'], ['destinationPhoneNumber', '+966501234567'], ['orderAmount', '50']] as const) {
      actor.send({ type: 'field.changed', field, value });
    }
    actor.send({ type: 'details.submitted' });
    expect(actor.getSnapshot().matches({ drafting: 'payment' })).toBe(true);
    return { actor, clock };
  }

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
