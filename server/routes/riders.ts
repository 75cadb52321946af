// hurrier: GET /riders/{orderId} (API.md): the rider now, position and ETAs.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OrderIdParams, Result, Rider } from '../../domain/api';
import { errorAnswers } from '../http/openapi';
import { assertOrderAccess } from '../orders/access';

export async function riderRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;
  app.get<{ Params: OrderIdParams }>('/riders/:orderId', {
    schema: { params: OrderIdParams, response: { 200: Result(Type.Union([Rider, Type.Null()])), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const { order } = await assertOrderAccess(request, side.db, request.params.orderId);
    // Before a rider is assigned the answer is `result: null` (a state, not an error: clients poll).
    return { result: await side.courier.riderOf(order) };
  });
}
