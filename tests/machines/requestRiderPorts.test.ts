// What the request flow hands its ports (the fee quote, the voucher check, the signature renewal, the
// submit, the toast), for the cases the model's paths cannot tell apart: a guest whose outlet has an
// address or whose origin is stored, the closed store's warning, a voucher without a pre-order slot.
// Each from a SPEC.md line; the flow runs with fake actors that record what they receive.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { destinationCheckMachine, requestRiderMachine, SIGNATURE_EXPIRED, type FeeRequest, type RequestRiderInput, type SignedFee, type SubmitOrderInput } from '../../machines';
import { anOrder, aRequestInput, aVendor, NOW } from './builders';

const fee: SignedFee = { fee: 15, signature: 'sig-1', expires_at: 0 };
const settle = async (turns = 4) => {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
};
const guestSender = { name: 'Guest', email: 'g@example.com', phoneNumber: '+966 50 111 2222' };
const storedOrigin = {
  streetAddress: 'Tahlia Street 9', building: '', unit: '', notes: '', city: 'Riyadh', countryCode: 'SA', postalCode: '', latitude: 24.69, longitude: 46.68,
};

interface Seen {
  quoted: FeeRequest[];
  vouchers: { orderTime: number }[];
  renewals: { voucher: { code: string; orderTime: number } | null }[];
  sent: SubmitOrderInput[];
  toasts: unknown[];
  /** The vendors whose service hours were asked, and the orders loaded to edit (API.md GET /order?vendorId=&orderId=). */
  hoursAsked: { vendorId: string }[];
  loaded: { vendorId: string; orderId: string }[];
}

/** The flow with recording fakes: the service hours given, a drop-off priced without a limit, a voucher applied, a submit that answers `submit`. */
function start(input: RequestRiderInput, options: { hours?: string | null; submit?: () => Promise<{ orderId: string }>; orderLoaded?: boolean } = {}) {
  const seen: Seen = { quoted: [], vouchers: [], renewals: [], sent: [], toasts: [], hoursAsked: [], loaded: [] };
  // A promise in place of a child machine: it answers with what the machine's done event carries.
  const logic = (answer: (input: never) => Promise<unknown>) => fromPromise(({ input: received }) => answer(received as never)) as never;
  const actor = createActor(
    requestRiderMachine.provide({
      actors: {
        fetchServiceHours: fromPromise<string | null, { vendorId: string }>(async ({ input: asked }) => (seen.hoursAsked.push(asked), options.hours ?? null)),
        loadOrderToUpdate: fromPromise(async ({ input: asked }: { input: { vendorId: string; orderId: string } }) => {
          seen.loaded.push(asked);
          if (options.orderLoaded === false) throw new Error('404');
          return anOrder('RECEIVED');
        }),
        saveOriginAddress: fromPromise(async (): Promise<void> => {}),
        destinationCheck: destinationCheckMachine.provide({
          actors: {
            validateDestination: fromPromise<{ deliverable: boolean }, FeeRequest>(async () => ({ deliverable: true })),
            computeFee: fromPromise<SignedFee, FeeRequest>(async ({ input: request }) => (seen.quoted.push(request), fee)),
            fetchOrderItemValueLimit: fromPromise<number, { vendorId: string }>(async () => -1),
          },
        }),
        voucherCheck: logic(async (request: { orderTime: number }) => {
          seen.vouchers.push(request);
          return { outcome: 'applied', fee, voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' }, discountedFee: { fee: 13.5, signature: 'sig-v', expires_at: 0 } };
        }),
        signatureRetry: logic(async (request: Seen['renewals'][number]) => (seen.renewals.push(request), { outcome: 'failed', fee: null, discountedFee: null })),
        submitOrder: fromPromise<{ orderId: string }, SubmitOrderInput>(({ input: order }) => (seen.sent.push(order), (options.submit ?? (async () => ({ orderId: 'order-1' })))())),
      },
      actions: { toast: (_, params) => void seen.toasts.push(params) },
    }),
    { input },
  ).start();
  return { actor, seen };
}

/** From the drop-off to the payment step, with a voucher applied when `voucher`. */
async function toPayment(actor: ReturnType<typeof start>['actor'], voucher: boolean) {
  actor.send({ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 });
  await settle();
  for (const [field, value] of [['destinationName', 'Sara Ali'], ['destinationPhoneNumber', '+966501234567'], ['orderAmount', '50']] as const) {
    actor.send({ type: 'field.changed', field, value });
  }
  actor.send({ type: 'details.submitted' });
  if (voucher) {
    actor.send({ type: 'voucher.submitted', code: 'WELCOME10' });
    await settle();
  }
  expect(actor.getSnapshot().matches({ drafting: { payment: 'idle' } })).toBe(true);
}

describe('requestRider: what reaches the ports', () => {
  it("SPEC §8 Request toasts: a closed store warns 'Service hours: {from} to {to}. It's {time}' on the country's clock", async () => {
    // Now is 03:00 in Riyadh; the hours are 10:00 to 11:00.
    const { actor, seen } = start(aRequestInput(), { hours: '1000:1100' });
    await settle();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    // API.md GET /get-country-parameter/serviceHours?vendor_id=: the hours of the outlet requesting.
    expect(seen.hoursAsked).toEqual([{ vendorId: 'vendor-1' }]);
    expect(seen.toasts).toEqual([
      { kind: 'warning', message: "Service hours: {from} to {to}. It's {time}", durationMs: 5000, values: { from: '10:00', to: '11:00', time: '03:00' } },
    ]);
  });

  it("SPEC §4 Request flow: the fee is quoted from the outlet's address to the drop-off", async () => {
    const { actor, seen } = start(aRequestInput());
    await settle();
    await toPayment(actor, false);
    expect(seen.quoted).toEqual([{ vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.71, longitude: 46.67 } }]);
  });

  it("SPEC §1: a guest's stored origin is not asked again, and the fee is quoted from it", async () => {
    const input = aRequestInput({ vendor: aVendor({}, { latitude: null, longitude: null }), isGuest: true, guestOrigin: storedOrigin, guestSender });
    const { actor, seen } = start(input);
    await settle();
    expect(actor.getSnapshot().matches({ drafting: 'destination' })).toBe(true);
    await toPayment(actor, false);
    expect(seen.quoted[0]?.source).toEqual({ latitude: 24.69, longitude: 46.68 });
  });

  it.each([
    ['has no address: the sender is the guest, from the stored origin', null, { name: 'Guest', email: 'g@example.com', phone_number: '+966501112222' }],
    ['has its own address: no sender', 24.7, null],
  ])('SPEC §3 Order request payload: a guest whose outlet %s', async (_, latitude, sender) => {
    const vendor = aVendor({}, { latitude, longitude: latitude === null ? null : 46.6 });
    const { actor, seen } = start(aRequestInput({ vendor, isGuest: true, guestOrigin: storedOrigin, guestSender }));
    await settle();
    await toPayment(actor, false);
    actor.send({ type: 'order.submitted' });
    await settle();
    const placed = seen.sent[0];
    expect(placed?.mode).toBe('create');
    if (placed?.mode !== 'create') return;
    expect(placed.payload.sender ?? null).toEqual(sender === null ? null : expect.objectContaining(sender));
  });

  // API.md POST /voucher/validate {code, order {order_time, ...}}: the order's time is its pre-order slot, or now.
  it.each([
    ['now, without a pre-order slot', null, NOW],
    ['the pre-order slot', NOW + 86_400, NOW + 86_400],
  ])('a voucher is checked, and renewed with an expired signature, for the order time: %s', async (_, slot, orderTime) => {
    const { actor, seen } = start(aRequestInput(), { submit: () => Promise.reject(new Error(SIGNATURE_EXPIRED)) });
    await settle();
    if (slot !== null) {
      actor.send({ type: 'destination.selected', text: 'King Fahd Road', latitude: 24.71, longitude: 46.67 });
      await settle();
      actor.send({ type: 'preorder.changed', preorderedFor: slot });
    }
    await toPayment(actor, true);
    actor.send({ type: 'order.submitted' });
    await settle();
    expect(seen.vouchers.map((request) => request.orderTime)).toEqual([orderTime]);
    expect(seen.renewals.map((request) => request.voucher)).toEqual([{ code: 'WELCOME10', orderTime }]);
  });

  // SPEC §4 Request flow: "The origin address is asked first if the vendor lacks coordinates", in
  // order-update mode too; the fee (POST /delivery/fee source) is quoted from that pickup, not (0, 0).
  it.each([
    ['loaded: its drop-off is priced from the pickup given', true, [{ vendorId: 'vendor-1', source: { latitude: 24.69, longitude: 46.68 }, destination: { latitude: 24.7136, longitude: 46.6753 } }]],
    ['not readable: a new order from the pickup given, nothing priced yet', false, []],
  ])('an order edited from an outlet without an address asks the pickup first; the order %s', async (_, orderLoaded, quoted) => {
    const { actor, seen } = start(aRequestInput({ vendor: aVendor({}, { latitude: null, longitude: null }), orderId: 'order-received' }), { orderLoaded });
    await settle();
    expect(actor.getSnapshot().matches('origin')).toBe(true);
    expect(seen.loaded).toEqual([{ vendorId: 'vendor-1', orderId: 'order-received' }]);
    expect(seen.quoted).toEqual([]);
    actor.send({ type: 'origin.selected', origin: storedOrigin });
    actor.send({ type: 'origin.details.confirmed' });
    await settle();
    expect(seen.quoted).toEqual(quoted);
    expect(actor.getSnapshot().matches(orderLoaded ? { drafting: 'details' } : { drafting: 'destination' })).toBe(true);
  });
});
