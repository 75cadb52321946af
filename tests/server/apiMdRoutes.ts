// The routes of API.md's tables (/work/shared/API.md, the shared contract), in its order: the
// published-contract test (apiDocs.test.ts) looks each up in /api-docs/openapi.json, and the route
// documentation test (routeDocs.test.ts) counts them as documented.

export type Method = 'GET' | 'POST' | 'PUT';
export interface ApiMdRoute {
  method: Method;
  /** As API.md writes it, under the service prefix unless `origin`. */
  path: string;
  origin?: boolean;
  hurrier?: boolean;
  /** API.md gives a JSON body. */
  body?: boolean;
}

// Every route of API.md's tables, in its order.
export const API_MD_ROUTES: ApiMdRoute[] = [
  { method: 'POST', path: '/register', body: true },
  { method: 'GET', path: '/register/verify' },
  { method: 'POST', path: '/login', body: true },
  { method: 'POST', path: '/login/extend', body: true },
  { method: 'POST', path: '/logout', body: true },
  { method: 'POST', path: '/password/forgot', body: true },
  { method: 'POST', path: '/password/reset', body: true },
  { method: 'POST', path: '/guest/session', body: true },
  { method: 'GET', path: '/vendors' },
  { method: 'GET', path: '/vendor/{id}' },
  { method: 'POST', path: '/outlet', body: true },
  { method: 'PUT', path: '/outlet/{vendorId}', body: true },
  { method: 'PUT', path: '/vendor/{id}/address', body: true },
  { method: 'GET', path: '/vendor/{id}/hc_jwt_token' },
  { method: 'GET', path: '/get-country-parameter/{name}' },
  { method: 'GET', path: '/vendor/{id}/orders' },
  { method: 'GET', path: '/order' },
  { method: 'POST', path: '/order', body: true },
  { method: 'PUT', path: '/order/{orderId}', body: true },
  { method: 'PUT', path: '/order/cancel', body: true },
  { method: 'GET', path: '/order/{orderId}/receipt' },
  { method: 'GET', path: '/tracking/{orderId}' },
  { method: 'POST', path: '/orders/export', body: true },
  { method: 'GET', path: '/riders/{orderId}', hurrier: true },
  { method: 'POST', path: '/delivery/fee', hurrier: true, body: true },
  { method: 'POST', path: '/delivery/area/validate', hurrier: true, body: true },
  { method: 'POST', path: '/estimations', hurrier: true, body: true },
  { method: 'POST', path: '/voucher/validate', body: true },
  { method: 'GET', path: '/voucher/{code}' },
  { method: 'POST', path: '/order/payment/auth/{vendorId}' },
  { method: 'POST', path: '/order/payment/intent', body: true },
  { method: 'POST', path: '/order/payment/intent/confirm', body: true },
  { method: 'GET', path: '/geolocator/autocomplete' },
  { method: 'GET', path: '/geolocator/reverse' },
  { method: 'GET', path: '/geolocator/details' },
  { method: 'GET', path: '/addressbook/search-customers/{vendorId}' },
  { method: 'POST', path: '/addressbook/{vendorId}', body: true },
  { method: 'GET', path: '/bulk-job/example-file' },
  { method: 'POST', path: '/bulk-job/create' },
  { method: 'GET', path: '/bulk-job/all/{vendorId}' },
  { method: 'GET', path: '/bulk-job/detail/{vendorId}/{jobId}' },
  { method: 'POST', path: '/bulk-job/place-orders/{jobId}' },
  { method: 'GET', path: '/flags' },
  { method: 'POST', path: '/help-centre-service/conditions-api/v1/init', origin: true, body: true },
  { method: 'POST', path: '/ops/orders/{orderId}/status', origin: true, body: true },
  { method: 'PUT', path: '/ops/flags/{name}', origin: true, body: true },
  { method: 'PUT', path: '/ops/country-parameters/{name}', origin: true, body: true },
  { method: 'POST', path: '/ops/godroid-token', origin: true, body: true },
];

/** Routes API.md names in its prose rather than its tables ("Flags, help centre, assets", "Live updates"). */
export const API_MD_PROSE_ROUTES = ['GET /flags', 'GET /flags.json', 'GET /ws'];
