// Public pages by unguessable order id + `?t=` token (API.md): tracking and the delivery receipt.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, forbidden } from '../http/errors';
import { publicTrackingView, showsRiderPhone } from '../orders/publicTracking';
import { receiptOf, renderReceiptHtml } from '../orders/receipt';
import { findOrder } from '../orders/repository';
import { isValidTrackingToken } from '../orders/trackingToken';
import { isInStatusGroup } from '../../domain/statuses';
import type { Order } from '../../domain/types';
import { OrderIdParams, PublicTrackingView, Receipt, Result, TrackingTokenQuery } from '../../domain/api';
import { errorAnswers } from '../http/openapi';

export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  /** A wrong token, no token and an unknown order all answer the same 403. */
  async function orderByToken(request: FastifyRequest<{ Params: OrderIdParams; Querystring: TrackingTokenQuery }>): Promise<Order> {
    const secret = side.config.secrets.linkSigningSecret;
    if (!isValidTrackingToken(request.params.orderId, request.query.t, secret)) throw forbidden('error.forbidden', 't');
    const stored = await findOrder(side.db, request.params.orderId);
    if (!stored) throw forbidden('error.forbidden', 't');
    return stored.order;
  }

  /** TrackingPageSettings.showRiderPhone as the flag service answers it for the order's vendor
   * (its country, the deployment's brand, its id): the browser of a public page knows none of these. */
  async function riderPhoneShown(order: Order): Promise<boolean> {
    const vendor = await side.db.selectFrom('vendors').select('country_code').where('vendor_id', '=', order.vendor_id).executeTakeFirst();
    const flags = await side.flags.evaluateAll({ country: vendor?.country_code ?? side.config.country, brand: side.config.brand, vendorId: order.vendor_id });
    return showsRiderPhone(flags.TrackingPageSettings);
  }

  app.get<{ Params: OrderIdParams; Querystring: TrackingTokenQuery }>('/tracking/:orderId', {
    schema: { params: OrderIdParams, querystring: TrackingTokenQuery, response: { 200: Result(PublicTrackingView), ...errorAnswers(400, 403) } },
  }, async (request, reply) => {
    const order = await orderByToken(request);
    const [rider, showRiderPhone] = await Promise.all([side.courier.riderOf(order), riderPhoneShown(order)]);
    void reply.header('cache-control', 'no-store');
    return { result: publicTrackingView(order, rider, { showRiderPhone }) };
  });

  // Asked for JSON, the receipt goes through its schema; otherwise the printable page is sent as it is.
  app.get<{ Params: OrderIdParams; Querystring: TrackingTokenQuery }>('/order/:orderId/receipt', {
    schema: { params: OrderIdParams, querystring: TrackingTokenQuery, response: { 200: Result(Receipt), ...errorAnswers(400, 403, 409) } },
  }, async (request, reply) => {
    const order = await orderByToken(request);
    if (!isInStatusGroup(order.status, 'deliveredOrReturned')) throw new ApiError(409, 'error.receipt-not-ready', { field: 'order_id' });
    const receipt = receiptOf(order);
    if (request.headers.accept?.includes('application/json')) return { result: receipt };
    let locale = 'en';
    try {
      locale = Intl.getCanonicalLocales(request.query.locale ?? 'en')[0] ?? 'en';
    } catch {
      locale = 'en';
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderReceiptHtml(receipt, locale));
  });
}
