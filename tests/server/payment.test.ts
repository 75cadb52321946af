import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ConfirmPaymentIntentBody, Order, SavedPaymentCard } from '../../domain/types';
import { signedInPair, type TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

const CARDS = { success: '4111111111111111', decline: '4000000000000002', challenge: '4000000000003220' };

let server: TestServer;
let auth: string;
let otherAuth: string;

beforeAll(async () => {
  ({ server, vendor: auth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
});
afterAll(async () => { await server?.stop(); });

async function countOrders(): Promise<number> {
  return (await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', SA_OLAYA).execute()).length;
}

interface StartedPayment {
  vendorId: string;
  bearer: string;
  intentId: string;
  method: string;
  savedCards: SavedPaymentCard[];
}

/** Wallet + intent for an online-paid order; answers what confirm needs and the wallet's saved cards. */
async function startPayment(vendorId = SA_OLAYA): Promise<StartedPayment> {
  const wallet = await server.call('POST', `/order/payment/auth/${vendorId}`, { auth, body: {} });
  expect(wallet.status).toBe(200);
  const { wallet_id, access_token } = resultOf<{ wallet_id: string; access_token: string }>(wallet.body);
  const quote = await quoteFee(server, auth, vendorId);
  const order = orderPayload(vendorId, quote);
  order.order = { ...order.order, payment_method: 'ONLINE_PAYMENT' };
  const intent = await server.call('POST', '/order/payment/intent', { auth, body: { wallet_id, bearer_token: access_token, vendor_id: vendorId, order } });
  expect(intent.status).toBe(200);
  const { intent_id, payment_methods, saved_cards } = resultOf<{ intent_id: string; payment_methods: string[]; saved_cards: SavedPaymentCard[] }>(intent.body);
  return { vendorId, bearer: access_token, intentId: intent_id, method: payment_methods[0]!, savedCards: saved_cards };
}

function confirmBody(p: StartedPayment, number: string, options: { saveCard?: boolean } = {}): ConfirmPaymentIntentBody {
  return {
    order: { vendor_id: p.vendorId, vat_number: null, preordered_for: null },
    bearer_token: p.bearer,
    purchase_intent_id: p.intentId,
    payment_method: p.method,
    payment_instrument_id: 'NEW',
    card: { number, expiry_month: 12, expiry_year: 2035, cvc: '123', holder_name: 'Sara Al-Harbi' },
    save_card: options.saveCard ?? false,
  };
}

/** Confirm with a saved card: its id and nothing else about the card. */
function savedCardBody(p: StartedPayment, cardId: string): ConfirmPaymentIntentBody {
  return {
    order: { vendor_id: p.vendorId, vat_number: null, preordered_for: null },
    bearer_token: p.bearer,
    purchase_intent_id: p.intentId,
    payment_method: p.method,
    payment_instrument_id: cardId,
  };
}

describe('online payment', () => {
  it('creates the order on capture exactly once, replaying the answer for the same key', async () => {
    const payment = await startPayment();
    const before = await countOrders();
    const headers = { 'idempotency-key': 'confirm-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(payment, CARDS.success), headers })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => resultOf<{ order_id: string }>(a.body).order_id));
    expect(ids.size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
    // Another key for the same captured intent still places nothing new.
    const again = await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(payment, CARDS.success), headers: { 'idempotency-key': 'confirm-2' } });
    expect(resultOf<{ order_id: string }>(again.body).order_id).toBe([...ids][0]);
    expect(await countOrders()).toBe(before + 1);
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${[...ids][0]}`, { auth })).body);
    expect(order.order.payment_method).toBe('ONLINE_PAYMENT');
    expect(order.status_history.map((e) => e.status)).toEqual(['PAYMENT_COMMITTED', 'NEW']);
  });

  it('answers 422 for a declined card and creates nothing', async () => {
    const payment = await startPayment();
    const before = await countOrders();
    const declined = await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(payment, CARDS.decline) });
    expect(declined.status).toBe(422);
    expect((declined.body as ApiErrorBody).message).toMatch(/^error\.payment\./);
    expect(await countOrders()).toBe(before);
  });

  it('redirects through the challenge page, then to the tracking page of the new order', async () => {
    const payment = await startPayment();
    const confirmed = await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(payment, CARDS.challenge) });
    expect(confirmed.status).toBe(200);
    const result = resultOf<{ order_id: string; redirect_required: { redirectUrl: string } }>(confirmed.body);
    const page = await server.call('GET', result.redirect_required.redirectUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form');
    const before = await countOrders();
    const approved = await fetch(new URL(result.redirect_required.redirectUrl, server.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=approve', redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/order-tracking?order_id=${encodeURIComponent(result.order_id)}`);
    expect(await countOrders()).toBe(before + 1);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${result.order_id}`, { auth })).status).toBe(200);
  });

  it('keeps intents to their creator and vendor', async () => {
    const payment = await startPayment();
    const foreign = await server.call('POST', '/order/payment/intent/confirm', { auth: otherAuth, body: { ...confirmBody(payment, CARDS.success), order: { vendor_id: 'sg-2000' } } });
    expect(foreign.status).toBe(403);
    expect((await server.call('POST', `/order/payment/auth/${SA_OLAYA}`, { auth: otherAuth, body: {} })).status).toBe(403);
  });

  it('validates the order before any intent exists', async () => {
    const wallet = resultOf<{ wallet_id: string; access_token: string }>((await server.call('POST', `/order/payment/auth/${SA_OLAYA}`, { auth, body: {} })).body);
    const quote = await quoteFee(server, auth, SA_OLAYA);
    const order = orderPayload(SA_OLAYA, { ...quote, fee: quote.fee - 1 });
    order.order = { ...order.order, payment_method: 'ONLINE_PAYMENT' };
    const intent = await server.call('POST', '/order/payment/intent', { auth, body: { wallet_id: wallet.wallet_id, bearer_token: wallet.access_token, vendor_id: SA_OLAYA, order } });
    expect(intent.status).toBe(422);
    expect((intent.body as ApiErrorBody).message).toBe('error.fee.changed');
  });
  it('saves a card when asked, lists it on the next intent without its number, and pays with it', async () => {
    const first = await startPayment();
    const paid = await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(first, '5555555555554444', { saveCard: true }) });
    expect(paid.status).toBe(200);

    const next = await startPayment();
    const saved = next.savedCards.find((card) => card.last4 === '4444');
    expect(saved).toEqual({ id: expect.any(String), scheme: 'mastercard', last4: '4444', expiry_month: 12, expiry_year: 2035, holder_name: 'Sara Al-Harbi' });
    expect(JSON.stringify(next.savedCards)).not.toContain('5555555555554444');

    const before = await countOrders();
    const withSaved = await server.call('POST', '/order/payment/intent/confirm', { auth, body: savedCardBody(next, saved!.id) });
    expect(withSaved.status).toBe(200);
    const orderId = resultOf<{ order_id: string; redirect_required?: unknown }>(withSaved.body);
    expect(orderId.redirect_required).toBeUndefined();
    expect(await countOrders()).toBe(before + 1);
    const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId.order_id}`, { auth })).body);
    expect(order.status_history.map((e) => e.status)).toEqual(['PAYMENT_COMMITTED', 'NEW']);
  });

  it('keeps a card unsaved unless asked', async () => {
    const first = await startPayment();
    expect((await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(first, '6011111111111117') })).status).toBe(200);
    const next = await startPayment();
    expect(next.savedCards.map((card) => card.last4)).not.toContain('1117');
  });

  it("refuses a saved card of another vendor's wallet, or an unknown one, and creates nothing", async () => {
    const olaya = await startPayment();
    expect((await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(olaya, '4012888888881881', { saveCard: true }) })).status).toBe(200);
    const olayaCard = (await startPayment()).savedCards.find((card) => card.last4 === '1881')!;

    const parent = await startPayment(SA_PARENT);
    expect(parent.savedCards.map((card) => card.id)).not.toContain(olayaCard.id);
    for (const cardId of [olayaCard.id, 'card_unknown']) {
      const refused = await server.call('POST', '/order/payment/intent/confirm', { auth, body: savedCardBody(parent, cardId) });
      expect(refused.status).toBe(422);
      expect((refused.body as ApiErrorBody).message).toBe('error.payment.invalid-instrument');
    }
  });

  it('sends the browser back with payment=declined when the challenge is rejected, creating nothing', async () => {
    const payment = await startPayment();
    const confirmed = await server.call('POST', '/order/payment/intent/confirm', { auth, body: confirmBody(payment, CARDS.challenge) });
    const { redirect_required } = resultOf<{ redirect_required: { redirectUrl: string } }>(confirmed.body);
    const before = await countOrders();
    const rejected = await fetch(new URL(redirect_required.redirectUrl, server.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=reject', redirect: 'manual',
    });
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toBe('/order-tracking?payment=declined');
    expect(await countOrders()).toBe(before);
  });
});
