// Payment routes (API.md "Vouchers and payment"): wallet, intent (validates and prices the order, and
// hands out the public key a browser encrypts a card with), confirm (creates the order on capture,
// exactly once; idempotent), and the sandbox challenge page.
import type { FastifyInstance } from 'fastify';
import { assertVendorAccess, requireAuth } from '../auth/tenancy';
import { badRequest, forbidden, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { IDEMPOTENCY_HEADER, runIdempotent } from '../idempotency/run';
import { findPendingPayment, paymentError, placePaidOrder, startOnlinePayment, walletOwner } from '../orders/onlinePayment';
import {
  ConfirmedPayment, ConfirmPaymentIntentBody, CreatedPaymentIntent, PaymentIntentBody, PaymentWallet, Result, SavedPaymentCard, VendorIdParams,
} from '../../domain/api';
import { principalKey } from '../orders/principalKey';
import { CHALLENGE_PATH_PREFIX, parseChallengeOutcome } from '../payments/challengePage';
import { renderChallengePage } from '../payments/challengePage';
import type { SavedCard } from '../payments/provider';

/** A saved card as the browser sees it: the provider's token and what a payer recognises it by. */
function savedCardView(card: SavedCard): SavedPaymentCard {
  return { id: card.id, scheme: card.scheme, last4: card.last4, expiry_month: card.expiry_month, expiry_year: card.expiry_year, holder_name: card.holder_name };
}

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  app.post<{ Params: VendorIdParams }>('/order/payment/auth/:vendorId', {
    schema: { params: VendorIdParams, response: { 200: Result(PaymentWallet), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.params.vendorId);
    const principal = requireAuth(request);
    try {
      return { result: await side.payments.authorizeWallet(walletOwner(principal, vendor.vendor_id)) };
    } catch (error) {
      throw paymentError(error);
    }
  });

  app.post<{ Body: PaymentIntentBody }>(
    '/order/payment/intent',
    // The answer's schema is also an allow-list: the key's private members can never be sent.
    { schema: { body: PaymentIntentBody, response: { 200: Result(CreatedPaymentIntent), ...errorAnswers(400, 401, 403, 422) } } },
    async (request) => {
      const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
      if (request.body.order.vendor_id !== vendor.vendor_id) throw forbidden('error.forbidden', 'order.vendor_id');
      const intent = await startOnlinePayment(side, requireAuth(request), vendor, { walletId: request.body.wallet_id, accessToken: request.body.bearer_token }, request.body.order);
      // The public key of the provider's client-side encryption: a browser may send `encrypted_card`.
      const cardEncryptionKey = await side.payments.cardEncryptionKey();
      return {
        result: {
          payment_methods: intent.payment_methods,
          intent_id: intent.intent_id,
          saved_cards: intent.saved_cards.map(savedCardView),
          card_encryption_key: cardEncryptionKey,
        },
      };
    },
  );

  app.post<{ Body: ConfirmPaymentIntentBody }>('/order/payment/intent/confirm', {
    schema: { body: ConfirmPaymentIntentBody, response: { 200: Result(ConfirmedPayment), ...errorAnswers(400, 401, 403, 409, 422) } },
  }, async (request, reply) => {
    const principal = requireAuth(request);
    const vendor = await assertVendorAccess(request, side.db, request.body.order.vendor_id);
    const pending = await findPendingPayment(side, request.body.purchase_intent_id);
    // Someone else's intent, or one for another vendor, is indistinguishable from a missing one.
    if (!pending || pending.vendorId !== vendor.vendor_id || pending.principalKey !== principalKey(principal)) {
      throw forbidden('error.forbidden', 'purchase_intent_id');
    }
    const response = await runIdempotent({
      store: side.idempotency,
      scope: `${principalKey(principal)}|${vendor.vendor_id}`,
      key: request.headers[IDEMPOTENCY_HEADER] as string | undefined,
      route: 'POST /order/payment/intent/confirm',
      body: request.body,
      nowUnix: side.nowUnix,
      work: async () => {
        const { card, encrypted_card, save_card, holder_name } = request.body;
        let outcome;
        try {
          outcome = await side.payments.confirmIntent({
            intent_id: pending.intentId,
            access_token: request.body.bearer_token,
            payment_method: request.body.payment_method,
            payment_instrument_id: request.body.payment_instrument_id,
            ...(card ? { card: { ...card, holder_name: card.holder_name || holder_name || '' } } : {}),
            ...(encrypted_card ? { encrypted_card } : {}),
            save_card: save_card === true,
            return_url: `/order-tracking?order_id=${encodeURIComponent(pending.orderId)}`,
          });
        } catch (error) {
          throw paymentError(error);
        }
        switch (outcome.status) {
          case 'captured':
            return { statusCode: 200, body: { result: { order_id: await placePaidOrder(side, pending.intentId) } } };
          case 'challenge':
            return { statusCode: 200, body: { result: { order_id: pending.orderId, redirect_required: { redirectUrl: new URL(outcome.redirect_url, side.config.publicUrl).toString() } } } };
          case 'declined':
            throw unprocessable(`error.payment.${outcome.reason.replace(/_/g, '-')}`, 'payment_method');
        }
      },
    });
    return reply.status(response.statusCode).send(response.body);
  });
}

/**
 * The sandbox's challenge page (the stand-in for a bank's 3-D Secure step), at the origin root.
 * Approve captures the payment, creates the order (exactly once) and sends the browser to its
 * tracking page; Reject sends it back with `payment=declined`.
 */
export async function paymentSandboxRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;
  // The page's form posts urlencoded; parsed here only, with the platform's body limit.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get<{ Params: { intentId: string } }>(`${CHALLENGE_PATH_PREFIX}/:intentId`, async (request, reply) => {
    const intent = await side.payments.getIntent(request.params.intentId);
    if (!intent || intent.status !== 'challenge') throw forbidden('error.forbidden', 'intentId');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderChallengePage(intent));
  });

  app.post<{ Params: { intentId: string } }>(`${CHALLENGE_PATH_PREFIX}/:intentId`, async (request, reply) => {
    const outcome = parseChallengeOutcome(request.body);
    if (!outcome) throw badRequest('error.invalid-request', 'outcome');
    const pending = await findPendingPayment(side, request.params.intentId);
    if (!pending) throw forbidden('error.forbidden', 'intentId');
    let result;
    try {
      result = await side.payments.completeChallenge(pending.intentId, outcome);
    } catch (error) {
      throw paymentError(error);
    }
    if (result.status === 'captured') {
      const orderId = await placePaidOrder(side, pending.intentId);
      return reply.redirect(`/order-tracking?order_id=${encodeURIComponent(orderId)}`, 303);
    }
    return reply.redirect('/order-tracking?payment=declined', 303);
  });
}
