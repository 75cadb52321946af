// Online payment end to end below the UI: the request screen's payment machine, composed as the app
// composes it (providePaymentMachine), over the real HTTP client and the REAL server of API.md with
// its sandbox provider. Port, adapter and server must agree on every body for these to pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFixedClock } from '../../adapters/clock';
import { ApiError } from '../../adapters/http/apiError';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import type { ApiClient, Geolocator } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { writeSignedIn } from '../../adapters/storage/sessionStorage';
import type { OrderRequestPayload } from '../../domain/types';
import type { PaymentInput } from '../../machines';
import type { ToastParams } from '../../machines/toasts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_VENDORS } from '../../server/db/seed';
import { providePaymentMachine, type RequestEffects, type RequestServices } from '../../src/screens/request/requestMachineProvider';
import { startServer, type TestServer } from '../server/harness';

const VENDOR = DEMO_VENDORS.saOlaya;
const SUCCEEDS = '5555555555554444';
const DECLINES = '4000000000000002';

let server: TestServer;
let client: ApiClient;
const storage = createMemoryStorage();

const unusedGeolocator: Geolocator = {
  suggest: () => Promise.reject(new Error('not used by payment')),
  placeDetails: () => Promise.reject(new Error('not used by payment')),
  reverse: () => Promise.reject(new Error('not used by payment')),
};

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' });
  client = createHttpApiClient({ origin: server.baseUrl, storage, clock: createFixedClock(Math.floor(Date.now() / 1000)), sleep: async () => undefined });
  const { user, ...meta } = await client.login(DEMO_ACCOUNTS.vendor.email, DEMO_PASSWORD);
  writeSignedIn(storage, user, meta);
});
afterAll(() => server?.stop());

/** A priced order for the vendor, paid online. */
async function onlineOrder(): Promise<OrderRequestPayload> {
  const vendor = await client.getVendor(VENDOR);
  const { latitude, longitude } = vendor.vendor_information.location;
  if (latitude === null || longitude === null) throw new Error('seed vendor without coordinates');
  const destination = { latitude: latitude + 0.01, longitude: longitude + 0.01 };
  const fee = await client.computeFee({ source: { latitude, longitude }, destination, vendor_id: VENDOR, delivery_type: 'food' });
  return {
    vendor_id: VENDOR,
    customer: { location: { ...destination, address: 'Tahlia St, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Sara Ahmed' },
    order: { payment_method: 'ONLINE_PAYMENT', amount: 50, description: 'Documents', cold_bag_needed: false },
    vat_number: '30012345',
    preordered_for: null,
    delivery_fee: fee.fee,
    signature: fee.signature,
  };
}

/** The app's payment machine for one order, with its effects recorded. */
async function startPaymentFlow() {
  const payload = await onlineOrder();
  const toasts: ToastParams[] = [];
  const placed: { vendorId: string; orderId: string }[] = [];
  const redirects: string[] = [];
  const services: RequestServices = { api: client, storage, clock: createFixedClock(Math.floor(Date.now() / 1000)), geolocator: unusedGeolocator, navigator: { assign: (url) => redirects.push(url) } };
  const effects: RequestEffects = { toast: (toast) => toasts.push(toast), goToTracking: (target) => placed.push(target), redirect: (url) => redirects.push(url) };
  const input: PaymentInput = {
    vendorId: VENDOR,
    order: { amount: payload.order.amount ?? 0, currency: 'SAR', deliveryFee: payload.delivery_fee },
    vatNumber: payload.vat_number ?? null,
    preorderedFor: null,
    preferredMethod: null,
    // Not renewed here (the signature is fresh): what the fee was computed for, as the request flow has it.
    feeRequest: { vendorId: VENDOR, source: { latitude: 0, longitude: 0 }, destination: { latitude: payload.customer.location.latitude ?? 0, longitude: payload.customer.location.longitude ?? 0 } },
    fees: { fee: { fee: payload.delivery_fee, signature: payload.signature, expires_at: 0 }, discountedFee: null },
    voucher: null,
  };
  const actor = createActor(providePaymentMachine(services, effects, () => payload, { isGuest: false, feeRenewed: () => undefined }), { input }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('choosingCard'), { timeout: 5000 });
  return { actor, toasts, placed, redirects };
}

function typeNewCard(flow: Awaited<ReturnType<typeof startPaymentFlow>>, number: string, options: { save: boolean }) {
  const { actor } = flow;
  actor.send({ type: 'card.choice.changed', choice: 'NEW' });
  actor.send({ type: 'card.name.changed', name: 'Sara Ahmed' });
  actor.send({
    type: 'card.data.changed',
    provider: 'primary',
    data: { isValid: true, cardNumber: number, expiryMonth: '12', expiryYear: '2035', securityCode: '123', cardLastDigits: number.slice(-4) },
  });
  if (options.save) actor.send({ type: 'card.save.toggled' });
}

describe('online payment through the HTTP client and the real server', () => {
  it('pays with a new card and saves it; the next order offers that card and pays with it', async () => {
    const first = await startPaymentFlow();
    typeNewCard(first, SUCCEEDS, { save: true });
    first.actor.send({ type: 'payment.confirmed' });
    await waitFor(first.actor, (snapshot) => snapshot.status === 'done', { timeout: 5000 });
    expect(first.placed).toHaveLength(1);
    const firstOrder = await client.getOrder(VENDOR, first.placed[0]!.orderId);
    expect(firstOrder.order.payment_method).toBe('ONLINE_PAYMENT');

    const second = await startPaymentFlow();
    const saved = second.actor.getSnapshot().context.creditCards.find((card) => card.lastDigits === '4444');
    expect(saved).toMatchObject({ scheme: 'mastercard', expiryMonth: 12, expiryYear: 2035, holderName: 'Sara Ahmed' });
    second.actor.send({ type: 'card.selected', cardId: saved!.id });
    second.actor.send({ type: 'payment.confirmed' });
    await waitFor(second.actor, (snapshot) => snapshot.status === 'done', { timeout: 5000 });
    expect(second.placed).toHaveLength(1);
    expect(second.placed[0]!.orderId).not.toBe(first.placed[0]!.orderId);
    expect((await client.getOrder(VENDOR, second.placed[0]!.orderId)).status_history.map((entry) => entry.status)).toEqual(['PAYMENT_COMMITTED', 'NEW']);
  });

  it("shows a decline with the server's key and lets the payer try another card", async () => {
    const flow = await startPaymentFlow();
    typeNewCard(flow, DECLINES, { save: false });
    flow.actor.send({ type: 'payment.confirmed' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('choosingCard') && snapshot.context.error !== null, { timeout: 5000 });
    expect(flow.actor.getSnapshot().context.error).toBe('error.payment.card-declined');
    expect(flow.toasts.at(-1)).toEqual({ kind: 'error', message: 'error.payment.card-declined' });
    typeNewCard(flow, SUCCEEDS, { save: false });
    flow.actor.send({ type: 'payment.confirmed' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done', { timeout: 5000 });
    expect(flow.placed).toHaveLength(1);
  });

  it('answers a challenge card with the sandbox page to redirect to', async () => {
    const flow = await startPaymentFlow();
    typeNewCard(flow, '4000000000003220', { save: false });
    flow.actor.send({ type: 'payment.confirmed' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('redirecting'), { timeout: 5000 });
    expect(new URL(flow.redirects[0]!).pathname).toMatch(/^\/payments-sandbox\/challenge\//);
  });

  it('refuses an unknown saved card with error.payment.invalid-instrument', async () => {
    const wallet = await client.authorizePaymentWallet(VENDOR);
    const intent = await client.createPaymentIntent({ wallet_id: wallet.wallet_id, bearer_token: wallet.access_token, vendor_id: VENDOR, order: await onlineOrder() });
    const error = await client
      .confirmPaymentIntent({
        order: { vendor_id: VENDOR, vat_number: null, preordered_for: null },
        bearer_token: wallet.access_token,
        purchase_intent_id: intent.intent_id,
        payment_method: intent.payment_methods[0]!,
        payment_instrument_id: 'card_unknown',
      })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, key: 'error.payment.invalid-instrument' });
  });
});
