// hurrier: GET /riders/{orderId} (API.md): the rider now, position and ETAs.
import type { FastifyInstance } from 'fastify';
import { assertOrderAccess } from '../orders/access';

export async function riderRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;
  app.get<{ Params: { orderId: string } }>('/riders/:orderId', async (request) => {
    const { order } = await assertOrderAccess(request, side.db, request.params.orderId);
    // Before a rider is assigned the answer is `result: null` (a state, not an error: clients poll).
    return { result: await side.courier.riderOf(order) };
  });
}
