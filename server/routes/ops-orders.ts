// /ops/orders/{orderId}/status (API.md "Operations"): move any order to any status, deterministically.
import type { FastifyInstance } from 'fastify';
import { proofKindOfStatus } from '../../domain';
import { Order, OrderIdParams, OrderStatusMove, Result } from '../../domain/api';
import { badRequest, notFound } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { presentOrder } from '../orders/present';

export async function opsOrderRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;
  app.post<{ Params: OrderIdParams; Body: OrderStatusMove }>(
    '/orders/:orderId/status',
    { schema: { params: OrderIdParams, body: OrderStatusMove, response: { 200: Result(Order), ...errorAnswers(400, 401, 404) } } },
    async (request) => {
      const { status, proof } = request.body;
      // Only a pickup, a delivery or a return comes with a proof.
      if (proof !== undefined && proofKindOfStatus(status) === null) throw badRequest('error.bad-request', 'proof');
      // The courier platform stores the move, restarts its timetable from there and publishes it.
      const moved = await side.courier.moveTo(request.params.orderId, status, proof);
      if (!moved) throw notFound('error.order-not-found', 'orderId');
      return { result: await presentOrder(side, moved) };
    },
  );
}
