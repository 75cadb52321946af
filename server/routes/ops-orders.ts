// /ops/orders/{orderId}/status (API.md "Operations"): move any order to any status, deterministically.
import type { FastifyInstance } from 'fastify';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/types';
import { notFound } from '../http/errors';
import { strictObject } from '../http/validation';
import { presentOrder } from '../orders/present';

export async function opsOrderRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;
  app.post<{ Params: { orderId: string }; Body: { status: OrderStatus } }>(
    '/orders/:orderId/status',
    { schema: { body: strictObject({ status: { type: 'string', enum: [...ORDER_STATUSES] } }) } },
    async (request) => {
      // The courier platform stores the move, restarts its timetable from there and publishes it.
      const moved = await side.courier.moveTo(request.params.orderId, request.body.status);
      if (!moved) throw notFound('error.order-not-found', 'orderId');
      return { result: await presentOrder(side, moved) };
    },
  );
}
