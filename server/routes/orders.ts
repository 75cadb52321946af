// Orders (API.md "Orders"): list, read, create (idempotent), update before pick-up, cancel.
import { messagesOfOrder } from '../notifications/messageLog';
import type { FastifyInstance } from 'fastify';
import { isCancellable } from '../../domain';
import { Type } from 'typebox';
import { CancelOrderBody, IdParams, Order, OrderIdParams, OrderListQuery, OrderPage, OrderQuery, OrderRequestPayload, OrderWithRecipientMessages, Result, UpdateOrderBody } from '../../domain/api';
import { assertVendorAccess, assertVendorReach, canReachVendor, requireAuth } from '../auth/tenancy';
import { ApiError, badRequest, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { IDEMPOTENCY_HEADER, runIdempotent } from '../idempotency/run';
import { requestHash } from '../idempotency/requestHash';
import { assertOrderAccess } from '../orders/access';
import { prepareOrder } from '../orders/create';
import { listedVendorIds } from '../orders/outlets';
import { presentOrder, presentStoredDocument } from '../orders/present';
import { principalKey } from '../orders/principalKey';
import { orderIdForKey } from '../orders/ids';
import { InvalidPaginationKey, findOrder, insertOrder, listOrderDocuments, saveOrder } from '../orders/repository';
import { isStatusFilter, statusFilterQuery } from '../orders/statusFilter';
import { withStatus } from '../orders/transition';
import { auditedRecorder } from '../teams/audit';
import { applyOrderUpdate } from '../orders/update';

/** The past-orders page size, when the query names no `count`. */
const DEFAULT_PAGE = 30;


export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  app.get<{ Params: IdParams; Querystring: OrderListQuery }>(
    '/vendor/:id/orders',
    // The answer is written below from the stored documents (already JSON), not serialised by
    // this schema: it documents the page, and tests/server/orders.test.ts checks the two agree.
    { schema: { params: IdParams, querystring: OrderListQuery, response: { 200: Result(OrderPage), ...errorAnswers(400, 401, 403, 422) } } },
    async (request, reply) => {
      const q = request.query;
      // Only a parent's outlets need the vendor's row (is it a parent, its country's setting).
      const vendorId = await assertVendorReach(request, side.db, request.params.id);
      const principal = requireAuth(request);
      if (q.from !== undefined && q.to !== undefined && q.to < q.from) throw badRequest('error.invalid-date-range', 'to');
      const status = q.status ?? 'ANY';
      if (!isStatusFilter(status)) throw unprocessable('error.invalid-request', 'status');
      const vendorIds = q.include_outlets === true
        ? await listedVendorIds(side.db, await assertVendorAccess(request, side.db, vendorId), true, (id) => canReachVendor(principal, id))
        : [vendorId];
      try {
        const page = await listOrderDocuments(side.db, {
          vendorIds,
          from: q.from, to: q.to,
          count: q.count ?? DEFAULT_PAGE,
          paginationKey: q.pagination_key,
          customerPhone: q.customer_phone_number?.replace(/\s+/g, ''),
          scheduled: q.scheduled,
          guestId: principal.kind === 'guest' ? principal.guestId : undefined,
          ...statusFilterQuery(status, side.nowUnix()),
        });
        // The stored documents go out as they are (no parse and re-stringify per row).
        const data = page.documents.map((stored) => presentStoredDocument(side, stored)).join(',');
        return reply.type('application/json; charset=utf-8')
          .send(`{"result":{"data":[${data}],"pagination_key":${JSON.stringify(page.paginationKey)}}}`);
      } catch (error) {
        if (error instanceof InvalidPaginationKey) throw badRequest('error.invalid-pagination-key', 'pagination_key');
        throw error;
      }
    },
  );

  app.get<{ Querystring: OrderQuery }>(
    '/order',
    { schema: { querystring: OrderQuery, response: { 200: Result(OrderWithRecipientMessages), ...errorAnswers(400, 401, 403) } } },
    async (request) => {
      const { order } = await assertOrderAccess(request, side.db, request.query.orderId, request.query.vendorId);
      // The detail also lists the messages sent to the recipient ("SMS sent 12:31").
      return { result: { ...(await presentOrder(side, order)), recipient_messages: await messagesOfOrder(side.db, order.order_id) } };
    },
  );

  app.post<{ Body: OrderRequestPayload }>('/order', {
    schema: { body: OrderRequestPayload, response: { 200: Result(Type.Object({ order_id: Type.String() })), ...errorAnswers(400, 401, 403, 409, 422) } },
  }, async (request, reply) => {
    const principal = requireAuth(request);
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const scope = `${principalKey(principal)}|${vendor.vendor_id}`;
    const key = request.headers[IDEMPOTENCY_HEADER] as string | undefined;
    const orderId = key === undefined ? undefined
      : orderIdForKey(vendor.vendor_id, side.config.secrets.linkSigningSecret, `${scope}|${key}|${requestHash('POST /order', request.body)}`);
    const answer = (id: string) => ({ statusCode: 200, body: { result: { order_id: id } } });
    const run = () => runIdempotent({
      store: side.idempotency,
      scope,
      key,
      route: 'POST /order',
      body: request.body,
      nowUnix: side.nowUnix,
      work: async () => {
        // Created by an earlier run whose answer was lost (the process died before storing it).
        if (orderId !== undefined && (await findOrder(side.db, orderId))) return answer(orderId);
        const order = await prepareOrder(side, principal, vendor, request.body, { paidOnline: null, ...(orderId ? { orderId } : {}) });
        try {
          const placed = auditedRecorder(side.recordChange, principal, order.created_at, (stored) => [{ vendorId: stored.vendor_id, action: 'order.placed', subject: stored.order_id }]);
          await insertOrder(side.db, order, principal.kind === 'guest' ? principal.guestId : null, placed);
        } catch (error) {
          // A concurrent re-run inserted the same derived id first: same order, same answer.
          if (orderId !== undefined && (await findOrder(side.db, orderId))) return answer(orderId);
          throw error;
        }
        // Announced before the courier hears of it: what the courier does next (receiving a pre-order)
        // is published after, so the live view never ends on the older status.
        side.publish(await presentOrder(side, order));
        await side.courier.onOrderCreated(order);
        return answer(order.order_id);
      },
    });
    let response;
    try {
      response = await run();
    } catch (error) {
      // A reservation that stayed in flight past the store's wait was left by a process that died:
      // forget it and run again; the derived order id makes the re-run find the order if it exists.
      if (!(key !== undefined && error instanceof ApiError && error.key === 'error.idempotency-key-in-progress')) throw error;
      await side.idempotency.release(scope, key);
      response = await run();
    }
    return reply.status(response.statusCode).send(response.body);
  });

  app.put<{ Body: CancelOrderBody }>('/order/cancel', {
    schema: { body: CancelOrderBody, response: { 200: Result(Order), ...errorAnswers(400, 401, 403, 409) } },
  }, async (request) => {
    const { order, vendor } = await assertOrderAccess(request, side.db, request.body.order_id, request.body.vendor_id);
    const flags = await app.flags.evaluateAll({ country: vendor.country_code, brand: side.config.brand, vendorId: vendor.vendor_id });
    if (!isCancellable(order, { nowUnix: side.nowUnix(), delayedCancellation: flags.DelayedCancellation === true })) {
      throw new ApiError(409, 'error.cant-cancel-order', { field: 'order_id' });
    }
    // Who cancelled, for Insights: a guest's order is cancelled by its sender, any other by its vendor.
    const principal = requireAuth(request);
    const cancelledBy = principal.kind === 'guest' ? 'sender' : 'vendor';
    const cancelled: Order = { ...withStatus(order, 'CANCELLED', side.nowUnix()), cancel_reason: request.body.reason, cancelled_by: cancelledBy };
    const recorded = auditedRecorder(side.recordChange, principal, cancelled.updated_at, (stored) => [
      { vendorId: stored.vendor_id, action: 'order.cancelled', subject: stored.order_id, detail: { reason: request.body.reason } },
    ]);
    if (!(await saveOrder(side.db, cancelled, order.status, recorded))) throw new ApiError(409, 'error.cant-cancel-order', { field: 'order_id' });
    await side.courier.onOrderCancelled(cancelled);
    if (cancelled.payment_intent_id) {
      // The delivery was paid online: give the money back (a no-op when already refunded).
      await side.payments.refund(cancelled.payment_intent_id).catch((error: unknown) => request.log.error({ err: error }, 'refund failed'));
    }
    const presented = await presentOrder(side, cancelled);
    side.publish(presented);
    return { result: presented };
  });

  app.put<{ Params: OrderIdParams; Body: UpdateOrderBody }>('/order/:orderId', {
    schema: { params: OrderIdParams, body: UpdateOrderBody, response: { 200: Result(Order), ...errorAnswers(400, 401, 403, 409, 422) } },
  }, async (request) => {
    const { order, vendor } = await assertOrderAccess(request, side.db, request.params.orderId, request.body.vendor_id);
    const updated = await applyOrderUpdate(side, order, vendor, request.body);
    if (!(await saveOrder(side.db, updated, order.status, side.recordChange))) throw new ApiError(409, 'error.cant-update-order', { field: 'order_id' });
    const presented = await presentOrder(side, updated);
    side.publish(presented);
    return { result: presented };
  });
}
