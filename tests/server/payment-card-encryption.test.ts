// The second card provider's contract (TaiwanCardProvider): POST /order/payment/intent hands out the
// provider's public key, and a card encrypted with it (compact JWE, RSA-OAEP-256 + A256GCM) pays like
// a typed one; a card encrypted with any other key is refused with the documented error.
import { CompactEncrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CardEncryptionKey, ConfirmPaymentIntentBody, PaymentCardFields } from '../../domain/types';
import { startServer, type TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA } from './orders-fixtures';

const CARDS = { success: '4111111111111111', decline: '4000000000000002', challenge: '4000000000003220' };

let server: TestServer;
let auth: string;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

interface StartedPayment {
  bearer: string;
  intentId: string;
  method: string;
  key: CardEncryptionKey;
}

async function startPayment(): Promise<StartedPayment> {
  const wallet = resultOf<{ wallet_id: string; access_token: string }>((await server.call('POST', `/order/payment/auth/${SA_OLAYA}`, { auth, body: {} })).body);
  const order = orderPayload(SA_OLAYA, await quoteFee(server, auth, SA_OLAYA));
  order.order = { ...order.order, payment_method: 'ONLINE_PAYMENT' };
  const intent = await server.call('POST', '/order/payment/intent', { auth, body: { wallet_id: wallet.wallet_id, bearer_token: wallet.access_token, vendor_id: SA_OLAYA, order } });
  expect(intent.status).toBe(200);
  const result = resultOf<{ intent_id: string; payment_methods: string[]; card_encryption_key: CardEncryptionKey }>(intent.body);
  return { bearer: wallet.access_token, intentId: result.intent_id, method: result.payment_methods[0]!, key: result.card_encryption_key };
}

const cardOf = (number: string): PaymentCardFields => ({ number, expiry_month: 12, expiry_year: 2035, cvc: '123', holder_name: 'Mei-Ling Chen' });

async function encrypt(card: PaymentCardFields, jwk: JWK): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
}

function encryptedBody(payment: StartedPayment, jwe: string): ConfirmPaymentIntentBody {
  return {
    order: { vendor_id: SA_OLAYA, vat_number: null, preordered_for: null },
    bearer_token: payment.bearer,
    purchase_intent_id: payment.intentId,
    payment_method: payment.method,
    payment_instrument_id: 'NEW',
    encrypted_card: jwe,
    save_card: false,
    holder_name: 'Mei-Ling Chen',
  };
}

async function confirmEncrypted(payment: StartedPayment, number: string, key: JWK = payment.key) {
  return server.call('POST', '/order/payment/intent/confirm', { auth, body: encryptedBody(payment, await encrypt(cardOf(number), key)) });
}

describe('card encryption key on the payment intent', () => {
  it('hands out a public RSA key for RSA-OAEP-256 and nothing private', async () => {
    const { key } = await startPayment();
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', e: expect.any(String), n: expect.any(String) });
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('confirms with a card encrypted with that key: 4111…1111 pays and places the order', async () => {
    const payment = await startPayment();
    const confirmed = await confirmEncrypted(payment, CARDS.success);
    expect(confirmed.status).toBe(200);
    const { order_id, redirect_required } = resultOf<{ order_id: string; redirect_required?: unknown }>(confirmed.body);
    expect(redirect_required).toBeUndefined();
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${order_id}`, { auth })).status).toBe(200);
  });

  it('declines 4000…0002 encrypted as it declines it typed', async () => {
    const declined = await confirmEncrypted(await startPayment(), CARDS.decline);
    expect(declined.status).toBe(422);
    expect((declined.body as ApiErrorBody).message).toBe('error.payment.card-declined');
  });

  it('sends 4000…3220 encrypted to the challenge page', async () => {
    const payment = await startPayment();
    const confirmed = await confirmEncrypted(payment, CARDS.challenge);
    expect(confirmed.status).toBe(200);
    const { redirect_required } = resultOf<{ redirect_required: { redirectUrl: string } }>(confirmed.body);
    expect(new URL(redirect_required.redirectUrl).pathname).toBe(`/payments-sandbox/challenge/${payment.intentId}`);
  });

  it('refuses a card encrypted with another key with error.payment.invalid-encrypted-card, and the intent still pays after', async () => {
    const payment = await startPayment();
    const { publicKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const refused = await confirmEncrypted(payment, CARDS.success, await exportJWK(publicKey));
    expect(refused.status).toBe(422);
    expect((refused.body as ApiErrorBody).message).toBe('error.payment.invalid-encrypted-card');
    expect((await confirmEncrypted(payment, CARDS.success)).status).toBe(200);
  });
});
