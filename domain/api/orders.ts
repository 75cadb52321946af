// Orders (API.md "Orders"): the list query, and (below) the order bodies.
import { Type, type Static } from 'typebox';

/** API.md: `count` at most 200. */
export const ORDER_PAGE_MAX = 200;

/** GET /vendor/{id}/orders query. Every key is optional on the wire; the server fills its defaults. */
export const OrderListQuery = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds.' })),
  to: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds.' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_PAGE_MAX })),
  pagination_key: Type.Optional(Type.String({ maxLength: 512 })),
  include_outlets: Type.Optional(Type.Boolean()),
  customer_phone_number: Type.Optional(Type.String({ maxLength: 64 })),
  scheduled: Type.Optional(Type.Boolean()),
  // Extension of API.md (server/README.md): the history status filter, as POST /orders/export takes it.
  // A string on the wire, checked by the route, so an unknown value is a 422 business answer, not a 400.
  status: Type.Optional(Type.String({ maxLength: 32, description: 'A status filter (domain/statuses.ts STATUS_FILTERS); absent = ANY.' })),
}, { additionalProperties: false });
export type OrderListQuery = Static<typeof OrderListQuery>;
