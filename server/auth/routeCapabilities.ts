// What each route needs of the caller's role (domain/teams/roles.ts), keyed by method and path
// under the service prefixes (or at the origin). The tenancy layer reads it for every request
// (auth/roleGuard.ts); tests/security/roles.test.ts walks the whole route table against it, so a
// route left out of this table fails that test. At run time a route left out is owners-only: a
// new route is closed to members until someone decides who may call it.
import type { Capability } from '../../domain/teams';

/** `none`: no vendor role is involved (public pages, the caller's own account, /ops with its token). */
export type RouteAccess = Capability | 'none';

/** The capability a route left out of the table requires. */
export const UNLISTED_ROUTE_ACCESS: Capability = 'team';

const SERVICE_ROUTES: Record<string, RouteAccess> = {
  // The caller's own account, and pages reached with a link's token.
  'POST /register': 'none',
  'GET /register/verify': 'none',
  'POST /login': 'none',
  'POST /login/extend': 'none',
  'POST /logout': 'none',
  'POST /register/resend': 'none',
  'POST /password/forgot': 'none',
  'POST /password/reset': 'none',
  'POST /guest/session': 'none',
  'GET /tracking/:orderId': 'none',
  'GET /order/:orderId/receipt': 'none',
  'GET /geolocator/autocomplete': 'none',
  'GET /geolocator/reverse': 'none',
  'GET /geolocator/details': 'none',
  'GET /invitation': 'none',
  'POST /invitation/accept': 'none',
  'GET /account/roles': 'none',
  // Track and history: every role.
  'GET /vendors': 'orders.view',
  'GET /vendor/:id': 'orders.view',
  'GET /vendor/:id/hc_jwt_token': 'orders.view',
  'GET /get-country-parameter/:name': 'orders.view',
  'GET /flags': 'orders.view',
  'GET /vendor/:id/orders': 'orders.view',
  'GET /vendor/:id/orders/trend': 'orders.view',
  'GET /order': 'orders.view',
  'GET /riders/:orderId': 'orders.view',
  'GET /order/:orderId/proofs': 'orders.view',
  // Request a rider.
  'POST /order': 'orders.place',
  'PUT /order/:orderId': 'orders.place',
  'POST /delivery/fee': 'orders.place',
  'POST /delivery/area/validate': 'orders.place',
  'POST /estimations': 'orders.place',
  'POST /voucher/validate': 'orders.place',
  'GET /voucher/:code': 'orders.place',
  'POST /order/payment/auth/:vendorId': 'orders.place',
  'POST /order/payment/intent': 'orders.place',
  'POST /order/payment/intent/confirm': 'orders.place',
  'GET /addressbook/search-customers/:vendorId': 'orders.place',
  'POST /addressbook/:vendorId': 'orders.place',
  'GET /templates/:vendorId': 'orders.place',
  'POST /templates/:vendorId': 'orders.place',
  'PUT /templates/:vendorId/:templateId': 'orders.place',
  'DELETE /templates/:vendorId/:templateId': 'orders.place',
  // Recurring orders place orders from templates: whoever may place them may schedule them; every role sees them.
  'GET /vendor/:vendorId/recurring-orders': 'orders.view',
  'POST /vendor/:vendorId/recurring-orders': 'orders.place',
  'PUT /vendor/:vendorId/recurring-orders/:scheduleId': 'orders.place',
  'POST /vendor/:vendorId/recurring-orders/:scheduleId/pause': 'orders.place',
  'POST /vendor/:vendorId/recurring-orders/:scheduleId/resume': 'orders.place',
  'DELETE /vendor/:vendorId/recurring-orders/:scheduleId': 'orders.place',
  'PUT /order/cancel': 'orders.cancel',
  // Managers.
  'PUT /vendor/:id/address': 'collectionPoints',
  'POST /outlet': 'collectionPoints',
  'PUT /outlet/:vendorId': 'collectionPoints',
  'POST /orders/export': 'exports',
  'POST /proofs/export': 'exports',
  'GET /vendor/:vendorId/insights': 'insights',
  'GET /vendor/:vendorId/notification-settings': 'notificationSettings',
  'PUT /vendor/:vendorId/notification-settings': 'notificationSettings',
  'GET /vendor/:vendorId/notification-settings/email-preview': 'notificationSettings',
  'GET /webhooks': 'webhooks',
  'POST /webhooks': 'webhooks',
  'PUT /webhooks/:endpointId': 'webhooks',
  'DELETE /webhooks/:endpointId': 'webhooks',
  'POST /webhooks/:endpointId/secret': 'webhooks',
  'GET /webhooks/:endpointId/deliveries': 'webhooks',
  'POST /webhooks/:endpointId/deliveries/:deliveryId/resend': 'webhooks',
  'POST /webhooks/:endpointId/test': 'webhooks',
  'GET /bulk-job/example-file': 'bulk',
  'POST /bulk-job/create': 'bulk',
  'GET /bulk-job/all/:vendorId': 'bulk',
  'GET /bulk-job/detail/:vendorId/:jobId': 'bulk',
  'POST /bulk-job/place-orders/:jobId': 'bulk',
  'GET /vendor/:vendorId/audit': 'audit',
  'GET /vendor/:vendorId/audit.csv': 'audit',
  // Owners.
  'GET /api-keys': 'apiKeys',
  'POST /api-keys': 'apiKeys',
  'DELETE /api-keys/:keyId': 'apiKeys',
  'GET /vendor/:vendorId/members': 'team',
  'PUT /vendor/:vendorId/members/:accountId': 'team',
  'DELETE /vendor/:vendorId/members/:accountId': 'team',
  'POST /vendor/:vendorId/invitations': 'team',
  'POST /vendor/:vendorId/invitations/:invitationId/resend': 'team',
  'DELETE /vendor/:vendorId/invitations/:invitationId': 'team',
};

/** Routes at the origin. */
const ROOT_ROUTES: Record<string, RouteAccess> = {
  'GET /ws': 'orders.view',
  'GET /flags': 'orders.view',
};
/** Origin paths that never involve a vendor role: health, docs, public files, sandbox pages, /ops (its own token). */
const ROOT_WITHOUT_ROLE = [/^\/(healthz|readyz|metrics|client-config|flags\.json)$/, /^\/api-docs/, /^\/payments-sandbox\//, /^\/help-centre-service\//, /^\/ops\//, /^\/notifications\/opt-out$/, /^\/map-tiles\//, /^\/\*$/, /^\/$/];

const SERVICE_PREFIX = /^\/(orders|hurrier)\/api\/v1(?=\/)/;

/** The route's entry in the table, or undefined for a route nobody has classified yet. */
export function listedRouteAccess(method: string, url: string): RouteAccess | undefined {
  if (SERVICE_PREFIX.test(url)) return SERVICE_ROUTES[`${method} ${url.replace(SERVICE_PREFIX, '')}`];
  const root = ROOT_ROUTES[`${method} ${url}`];
  if (root !== undefined) return root;
  return ROOT_WITHOUT_ROLE.some((pattern) => pattern.test(url)) ? 'none' : undefined;
}

export function routeAccess(method: string, url: string): RouteAccess {
  return listedRouteAccess(method, url) ?? UNLISTED_ROUTE_ACCESS;
}
