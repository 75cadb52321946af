// The API client's calls grouped by area (API.md), so the browser loads an area's code only when a
// screen first calls into it: the landing and sign-in pages carry the account calls alone
// (lazyApiClient.ts). This list is all the first page needs to know of the other areas: their names.
import type { ApiClient } from '../../ports';

/** The calls the public pages make before anyone signs in; always in the first JavaScript. */
export const ACCOUNT_CALLS = [
  'login',
  'extendSession',
  'logout',
  'register',
  'forgotPassword',
  'resendVerification',
  'resetPassword',
  'createGuestSession',
  'getInvitation',
  'acceptInvitation',
  'getFlags',
  'getVersion',
] as const satisfies readonly (keyof ApiClient)[];

/** Every other area of the API, each a chunk of its own loaded on its first call. */
export const LAZY_API_AREAS = {
  vendors: ['getVendors', 'getVendor', 'createOutlet', 'updateOutlet', 'updateVendorAddress', 'getHelpCentreToken', 'initHelpCentre', 'getCountryParameter'],
  orders: ['listOrders', 'getOrderTrend', 'getInsights', 'getOrder', 'createOrder', 'updateOrder', 'cancelOrder', 'exportOrders', 'exportProofs', 'downloadOrderProofs'],
  tracking: ['getTracking', 'getReceipt'],
  delivery: ['getRider', 'computeFee', 'validateDeliveryArea', 'getEstimations'],
  payments: ['validateVoucher', 'getVoucher', 'authorizePaymentWallet', 'createPaymentIntent', 'confirmPaymentIntent'],
  addresses: ['autocomplete', 'reverseGeocode', 'placeDetails', 'searchAddressBook', 'saveAddressBookEntry'],
  templates: ['listOrderTemplates', 'createOrderTemplate', 'updateOrderTemplate', 'deleteOrderTemplate'],
  recurring: ['listRecurringOrders', 'createRecurringOrder', 'updateRecurringOrder', 'setRecurringOrderPaused', 'deleteRecurringOrder'],
  bulk: ['downloadBulkTemplate', 'createBulkJob', 'listBulkJobs', 'getBulkJob', 'placeBulkOrders'],
  developers: ['listApiKeys', 'createApiKey', 'revokeApiKey', 'listWebhooks', 'createWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'listWebhookDeliveries', 'resendWebhookDelivery', 'sendWebhookTestEvent'],
  notifications: ['getNotificationSettings', 'saveNotificationSettings', 'getEmailPreview', 'listRecipientMessages'],
  team: ['getTeam', 'inviteMember', 'changeMember', 'removeMember', 'resendInvitation', 'revokeInvitation', 'listAuditEvents', 'downloadAuditCsv'],
} as const satisfies Record<string, readonly (keyof ApiClient)[]>;

export type LazyApiArea = keyof typeof LAZY_API_AREAS;
export type AccountCalls = Pick<ApiClient, (typeof ACCOUNT_CALLS)[number]>;
/** The calls of one lazy area, as its module builds them. */
export type AreaCalls<A extends LazyApiArea> = Pick<ApiClient, (typeof LAZY_API_AREAS)[A][number]>;

// Every call of the port belongs to an area: a new ApiClient method fails to compile until it is listed.
type Unlisted = Exclude<keyof ApiClient, (typeof ACCOUNT_CALLS)[number] | (typeof LAZY_API_AREAS)[LazyApiArea][number]>;
export const everyCallHasAnArea: [Unlisted] extends [never] ? true : Unlisted = true;
