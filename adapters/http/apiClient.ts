// The ApiClient port on ofetch, every area at once: one method per call of API.md, each area's calls
// in a module of calls/. The browser uses lazyApiClient.ts instead, which loads the areas on demand;
// tests and Node callers use this one.
import type { ApiClient } from '../ports';
import { accountCalls } from './calls/accountCalls';
import { addressCalls } from './calls/addressCalls';
import { bulkCalls } from './calls/bulkCalls';
import { createCallHelpers, type HttpApiClientOptions } from './calls/callHelpers';
import { deliveryCalls } from './calls/deliveryCalls';
import { developerCalls } from './calls/developerCalls';
import { notificationCalls } from './calls/notificationCalls';
import { orderCalls } from './calls/orderCalls';
import { paymentCalls } from './calls/paymentCalls';
import { recurringCalls } from './calls/recurringCalls';
import { teamCalls } from './calls/teamCalls';
import { templateCalls } from './calls/templateCalls';
import { trackingCalls } from './calls/trackingCalls';
import { vendorCalls } from './calls/vendorCalls';

export type { HttpApiClientOptions } from './calls/callHelpers';
export { FLAG_SERVICE_TIMEOUT_MS } from './calls/accountCalls';

export function createHttpApiClient(options: HttpApiClientOptions): ApiClient {
  const helpers = createCallHelpers(options);
  return {
    ...accountCalls(helpers),
    ...vendorCalls(helpers),
    ...orderCalls(helpers),
    ...trackingCalls(helpers),
    ...deliveryCalls(helpers),
    ...paymentCalls(helpers),
    ...addressCalls(helpers),
    ...templateCalls(helpers),
    ...recurringCalls(helpers),
    ...bulkCalls(helpers),
    ...developerCalls(helpers),
    ...notificationCalls(helpers),
    ...teamCalls(helpers),
  };
}
