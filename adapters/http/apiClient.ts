// The ApiClient port on ofetch: one method per call of API.md, unwrapping each answer's envelope
// (`result`, `data` or `body`) so machines receive domain types.
import type { AddressBookEntry, BulkJob, Order, Place, ReverseGeocodeResult, Rider, Vendor, Voucher } from '../../domain/types';
import type {
  ApiClient,
  ApiKeySummary,
  CreatedApiKey,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  NotificationSettingsBody,
  EmailPreview,
  SentNotification,
  BulkUploadResult,
  Clock,
  ConfirmedPayment,
  DeliveryAreaVerdict,
  DeliveryReceipt,
  Estimations,
  ExtendedSession,
  FlagMap,
  GuestSession,
  Insights,
  KeyValueStorage,
  LoginResult,
  InvitationView,
  AuditEvent,
  PendingInvitation,
  Team,
  OrderPage,
  OrderTrend,
  PaymentIntent,
  PaymentWallet,
  SignedFee,
  TrackingView,
  VoucherValidation,
} from '../ports';
import type { OrderTemplate, RecurringScheduleView } from '../../domain/api';
import { fetchBuildVersion } from '../version';
import { serviceBaseUrl } from './apiConfig';
import { authorizationHeader } from './authorization';
import { attachmentFileName } from './contentDisposition';
import { createRequester, type RequesterOptions, type RequestSpec } from './requester';
import type { Sleep } from './retryPolicy';
import { createTtlCache } from './ttlCache';
import { uploadWithProgress } from './uploadWithProgress';

export interface HttpApiClientOptions {
  /** `{API_ORIGIN}`; see apiConfig.resolveApiOrigin. */
  origin: string;
  /** Where version.json lives; the API origin when omitted. */
  appOrigin?: string;
  storage: KeyValueStorage;
  clock: Clock;
  sleep?: Sleep;
  fetch?: RequesterOptions['fetch'];
  newIdempotencyKey?: () => string;
  createUploadRequest?: () => XMLHttpRequest;
}

/** SPEC.md §7: paymentMethods is cached 5 minutes in memory. */
const PAYMENT_METHODS_CACHE_S = 300;
/** API.md flag service; SPEC.md §7 gives it 2 s. */
export const FLAG_SERVICE_TIMEOUT_MS = 2000;

const segment = encodeURIComponent;

/** One day of GET /vendor/{id}/orders/trend as the server spells it. */
interface OrderTrendDayBody { date: string; delivered: number; cancelled: number; in_progress: number; total: number }

export function createHttpApiClient(options: HttpApiClientOptions): ApiClient {
  const request = createRequester(options);
  const paymentMethodsCache = createTtlCache<string>(options.clock, PAYMENT_METHODS_CACHE_S);

  const call = async <T>(spec: RequestSpec): Promise<T> => (await request<T>(spec)).data;
  const result = async <T>(spec: RequestSpec): Promise<T> => (await call<{ result: T }>(spec)).result;
  const data = async <T>(spec: RequestSpec): Promise<T> => (await call<{ data: T }>(spec)).data;
  const body = async <T>(spec: RequestSpec): Promise<T> => (await call<{ body: T }>(spec)).body;

  const file = async (spec: RequestSpec, fallbackName: string) => {
    const response = await request<Blob>({ ...spec, responseType: 'blob' });
    return { file: response.data, fileName: attachmentFileName(response.headers.get('Content-Disposition'), fallbackName) };
  };

  return {
    login: (email, password) =>
      result<LoginResult>({ service: 'orders', method: 'POST', path: '/login', body: { email_address: email, password } }),
    extendSession: async (refreshToken) =>
      (
        await result<{ AuthenticationResult: ExtendedSession }>({
          service: 'orders',
          method: 'POST',
          path: '/login/extend',
          body: { refresh_token: refreshToken },
        })
      ).AuthenticationResult,
    // SPEC.md §7: true on success, false on failure; the caller clears local credentials either way.
    logout: () =>
      result<boolean>({ service: 'orders', method: 'POST', path: '/logout', body: {}, retries: 0 }).then(
        (revoked) => revoked === true,
        () => false,
      ),
    register: (form) => result<{ user_id: string }>({ service: 'orders', method: 'POST', path: '/register', body: form }),
    resendVerification: (email) =>
      result<true>({ service: 'orders', method: 'POST', path: '/register/resend', body: { email_address: email } }),
    forgotPassword: (email) =>
      result<true>({ service: 'orders', method: 'POST', path: '/password/forgot', body: { email_address: email } }),
    resetPassword: (email, code, password) =>
      result<true>({ service: 'orders', method: 'POST', path: '/password/reset', body: { email_address: email, code, password } }),
    createGuestSession: (form) => result<GuestSession>({ service: 'orders', method: 'POST', path: '/guest/session', body: form }),
    getInvitation: (token) => result<InvitationView>({ service: 'orders', method: 'GET', path: '/invitation', query: { token } }),
    acceptInvitation: (token, password) =>
      result<LoginResult>({ service: 'orders', method: 'POST', path: '/invitation/accept', body: { token, password } }),

    getVendors: async () => (await result<{ vendors: Vendor[] }>({ service: 'orders', method: 'GET', path: '/vendors' })).vendors,
    getVendor: (vendorId) => result<Vendor>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}` }),
    createOutlet: (outlet) => result<Vendor>({ service: 'orders', method: 'POST', path: '/outlet', body: outlet, idempotent: true }),
    updateOutlet: (vendorId, outlet) =>
      result<Vendor>({ service: 'orders', method: 'PUT', path: `/outlet/${segment(vendorId)}`, body: outlet }),
    updateVendorAddress: (vendorId, address) =>
      result<Vendor>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/address`, body: address }),
    getHelpCentreToken: (vendorId) =>
      result<string>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/hc_jwt_token` }),
    initHelpCentre: (init) =>
      call<{ url: string }>({ service: 'root', method: 'POST', path: '/help-centre-service/conditions-api/v1/init', body: init }),
    getCountryParameter: (name, vendorId) => {
      const load = () =>
        result<string>({
          service: 'orders',
          method: 'GET',
          path: `/get-country-parameter/${segment(name)}`,
          query: { vendor_id: vendorId },
        });
      return name === 'paymentMethods' ? paymentMethodsCache.get(vendorId, load) : load();
    },

    listOrders: (vendorId, query) =>
      result<OrderPage>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/orders`, query: { ...query } }),
    getOrderTrend: async (vendorId, query) => {
      const trend = await result<{ time_zone: string; days: OrderTrendDayBody[] }>({
        service: 'orders',
        method: 'GET',
        path: `/vendor/${segment(vendorId)}/orders/trend`,
        query: { ...query },
      });
      return {
        timeZone: trend.time_zone,
        days: trend.days.map((day) => ({ date: day.date, delivered: day.delivered, cancelled: day.cancelled, inProgress: day.in_progress, total: day.total })),
      } satisfies OrderTrend;
    },
    getInsights: (vendorId, query) =>
      result<Insights>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/insights`, query: { ...query } }),
    getOrder: (vendorId, orderId) =>
      result<Order>({ service: 'orders', method: 'GET', path: '/order', query: { vendorId, orderId } }),
    createOrder: (payload) =>
      result<{ order_id: string }>({ service: 'orders', method: 'POST', path: '/order', body: payload, idempotent: true }),
    updateOrder: (orderId, update) =>
      result<Order>({ service: 'orders', method: 'PUT', path: `/order/${segment(orderId)}`, body: update }),
    cancelOrder: (cancel) => result<Order>({ service: 'orders', method: 'PUT', path: '/order/cancel', body: cancel }),
    exportOrders: async (exportBody) => {
      const spec: RequestSpec = { service: 'orders', method: 'POST', path: '/orders/export', body: exportBody };
      if (exportBody.delivery === 'email') {
        const emailed = await result<{ emailed_to: string }>(spec);
        return { kind: 'emailed', emailedTo: emailed.emailed_to };
      }
      const download = await file(spec, `orders.${exportBody.format}`);
      return { kind: 'file', ...download };
    },
    exportProofs: (exportBody) => file({ service: 'orders', method: 'POST', path: '/proofs/export', body: exportBody }, 'proofs.zip'),
    downloadOrderProofs: (orderId) => file({ service: 'orders', method: 'GET', path: `/order/${segment(orderId)}/proofs` }, `proofs-${orderId.replace(/[^A-Za-z0-9._-]/g, '_')}.zip`),
    getTracking: (orderId, token) =>
      result<TrackingView>({ service: 'orders', method: 'GET', path: `/tracking/${segment(orderId)}`, query: { t: token } }),
    getReceipt: (orderId, token) =>
      result<DeliveryReceipt>({ service: 'orders', method: 'GET', path: `/order/${segment(orderId)}/receipt`, query: { t: token } }),

    getRider: (orderId) => result<Rider | null>({ service: 'hurrier', method: 'GET', path: `/riders/${segment(orderId)}` }),
    computeFee: (fee) => result<SignedFee>({ service: 'hurrier', method: 'POST', path: '/delivery/fee', body: fee }),
    validateDeliveryArea: (area) =>
      result<DeliveryAreaVerdict>({ service: 'hurrier', method: 'POST', path: '/delivery/area/validate', body: area }),
    getEstimations: (area) => result<Estimations>({ service: 'hurrier', method: 'POST', path: '/estimations', body: area }),

    validateVoucher: (voucher) =>
      result<VoucherValidation>({ service: 'orders', method: 'POST', path: '/voucher/validate', body: voucher }),
    getVoucher: (code) => result<Voucher>({ service: 'orders', method: 'GET', path: `/voucher/${segment(code)}` }),
    authorizePaymentWallet: (vendorId) =>
      result<PaymentWallet>({ service: 'orders', method: 'POST', path: `/order/payment/auth/${segment(vendorId)}`, body: {} }),
    createPaymentIntent: (intent) =>
      result<PaymentIntent>({ service: 'orders', method: 'POST', path: '/order/payment/intent', body: intent }),
    confirmPaymentIntent: (confirm) =>
      result<ConfirmedPayment>({
        service: 'orders',
        method: 'POST',
        path: '/order/payment/intent/confirm',
        body: confirm,
        idempotent: true,
      }),

    autocomplete: ({ query, country, language, lat, lng }) =>
      data<Place[]>({ service: 'orders', method: 'GET', path: '/geolocator/autocomplete', query: { query, country, lat, lng, language } }),
    reverseGeocode: (lat, lng, language) =>
      data<ReverseGeocodeResult[]>({ service: 'orders', method: 'GET', path: '/geolocator/reverse', query: { lat, lng, language } }),
    placeDetails: (queryId, language) =>
      data<Place[]>({ service: 'orders', method: 'GET', path: '/geolocator/details', query: { query_id: queryId, language } }),
    searchAddressBook: (vendorId, query) =>
      body<AddressBookEntry[]>({
        service: 'orders',
        method: 'GET',
        path: `/addressbook/search-customers/${segment(vendorId)}`,
        query: { query },
        retries: 1,
      }),
    saveAddressBookEntry: (vendorId, entry) =>
      body<AddressBookEntry>({ service: 'orders', method: 'POST', path: `/addressbook/${segment(vendorId)}`, body: entry }),
    listOrderTemplates: (vendorId) =>
      body<OrderTemplate[]>({ service: 'orders', method: 'GET', path: `/templates/${segment(vendorId)}`, retries: 1 }),
    createOrderTemplate: (vendorId, template) =>
      body<OrderTemplate>({ service: 'orders', method: 'POST', path: `/templates/${segment(vendorId)}`, body: template }),
    updateOrderTemplate: (vendorId, templateId, template) =>
      body<OrderTemplate>({ service: 'orders', method: 'PUT', path: `/templates/${segment(vendorId)}/${segment(templateId)}`, body: template }),
    deleteOrderTemplate: async (vendorId, templateId) => {
      await body<boolean>({ service: 'orders', method: 'DELETE', path: `/templates/${segment(vendorId)}/${segment(templateId)}` });
    },

    listRecurringOrders: (vendorId) =>
      result<RecurringScheduleView[]>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/recurring-orders`, retries: 1 }),
    createRecurringOrder: (vendorId, schedule) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/recurring-orders`, body: schedule }),
    updateRecurringOrder: (vendorId, scheduleId, rule) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/recurring-orders/${segment(scheduleId)}`, body: rule }),
    setRecurringOrderPaused: (vendorId, scheduleId, paused) =>
      result<RecurringScheduleView>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/recurring-orders/${segment(scheduleId)}/${paused ? 'pause' : 'resume'}`, body: {} }),
    deleteRecurringOrder: async (vendorId, scheduleId) => {
      await result<boolean>({ service: 'orders', method: 'DELETE', path: `/vendor/${segment(vendorId)}/recurring-orders/${segment(scheduleId)}` });
    },
    downloadBulkTemplate: () => file({ service: 'orders', method: 'GET', path: '/bulk-job/example-file' }, 'Template.xlsx'),
    createBulkJob: async ({ vendorId, file: upload, fileName, onProgress, signal }) => {
      const form = new FormData();
      form.append('vendor_id', vendorId);
      form.append('file', upload, fileName);
      const answer = await uploadWithProgress<{ body: BulkUploadResult }>({
        url: `${serviceBaseUrl(options.origin, 'orders')}/bulk-job/create`,
        form,
        authorization: authorizationHeader(options.storage),
        onProgress,
        signal,
        createRequest: options.createUploadRequest,
      });
      return answer.body;
    },
    listBulkJobs: (vendorId) =>
      body<BulkJob[]>({ service: 'orders', method: 'GET', path: `/bulk-job/all/${segment(vendorId)}` }),
    getBulkJob: (vendorId, jobId, filter) =>
      body<BulkJob>({
        service: 'orders',
        method: 'GET',
        path: `/bulk-job/detail/${segment(vendorId)}/${segment(jobId)}`,
        query: { filter },
      }),
    placeBulkOrders: (jobId) =>
      body<BulkJob>({ service: 'orders', method: 'POST', path: `/bulk-job/place-orders/${segment(jobId)}`, body: {}, idempotent: true }),

    getFlags: async (context, signal) =>
      (
        await call<{ flags: FlagMap }>({
          service: 'orders',
          method: 'GET',
          path: '/flags',
          query: { country: context.country, brand: context.brand, vendor_id: context.vendorId },
          timeoutMs: FLAG_SERVICE_TIMEOUT_MS,
          // The flags machine polls; a slow flag service must not hold the app for 3 retries.
          retries: 0,
          signal,
        })
      ).flags,
    getVersion: () => fetchBuildVersion(options.appOrigin ?? options.origin),

    listApiKeys: async () => (await result<{ api_keys: ApiKeySummary[] }>({ service: 'orders', method: 'GET', path: '/api-keys' })).api_keys,
    // Never retried: a lost answer would leave a key nobody saw (it can be revoked from the list).
    createApiKey: (key) => result<CreatedApiKey>({ service: 'orders', method: 'POST', path: '/api-keys', body: key, retries: 0 }),
    revokeApiKey: (keyId) => result<true>({ service: 'orders', method: 'DELETE', path: `/api-keys/${segment(keyId)}` }),

    listWebhooks: async () => (await result<{ endpoints: WebhookEndpoint[] }>({ service: 'orders', method: 'GET', path: '/webhooks' })).endpoints,
    // Never retried: a lost answer would leave a secret nobody saw (rotate it from the list).
    createWebhook: (body) => result<WebhookEndpointWithSecret>({ service: 'orders', method: 'POST', path: '/webhooks', body, retries: 0 }),
    deleteWebhook: (endpointId) => result<true>({ service: 'orders', method: 'DELETE', path: `/webhooks/${segment(endpointId)}` }),
    rotateWebhookSecret: (endpointId) => result<WebhookEndpointWithSecret>({ service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/secret`, retries: 0 }),
    listWebhookDeliveries: async (endpointId, filter) => (await result<{ deliveries: WebhookDelivery[] }>({
      service: 'orders', method: 'GET', path: `/webhooks/${segment(endpointId)}/deliveries`, query: { event: filter.event, result: filter.result },
    })).deliveries,
    resendWebhookDelivery: (endpointId, deliveryId) => result<true>({
      service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/deliveries/${segment(deliveryId)}/resend`, retries: 0,
    }),
    sendWebhookTestEvent: (endpointId) => result<{ delivery_id: string }>({ service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/test`, retries: 0 }),

    getNotificationSettings: (vendorId) =>
      result<NotificationSettingsBody>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/notification-settings` }),
    // A PUT of the whole settings: repeating it changes nothing, so the client may retry it.
    saveNotificationSettings: (vendorId, settings) =>
      result<NotificationSettingsBody>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/notification-settings`, body: settings }),
    getEmailPreview: (vendorId, query) =>
      result<EmailPreview>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/notification-settings/email-preview`, query: { ...query } }),
    listRecipientMessages: async (vendorId, orderId) =>
      (await result<{ recipient_messages?: SentNotification[] }>({ service: 'orders', method: 'GET', path: '/order', query: { vendorId, orderId } })).recipient_messages ?? [],

    getTeam: (vendorId) => result<Team>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/members` }),
    // Never retried: a lost answer may have sent the mail; the list shows the pending invitation.
    inviteMember: (vendorId, invitation) =>
      result<PendingInvitation>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/invitations`, body: invitation, retries: 0 }),
    changeMember: (vendorId, accountId, change) =>
      result<true>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/members/${segment(accountId)}`, body: change }),
    removeMember: (vendorId, accountId) =>
      result<true>({ service: 'orders', method: 'DELETE', path: `/vendor/${segment(vendorId)}/members/${segment(accountId)}` }),
    // Never retried: a lost answer may have sent the mail (a second one would replace its link).
    resendInvitation: (vendorId, invitationId) =>
      result<PendingInvitation>({ service: 'orders', method: 'POST', path: `/vendor/${segment(vendorId)}/invitations/${segment(invitationId)}/resend`, retries: 0 }),
    revokeInvitation: (vendorId, invitationId) =>
      result<true>({ service: 'orders', method: 'DELETE', path: `/vendor/${segment(vendorId)}/invitations/${segment(invitationId)}` }),
    listAuditEvents: (vendorId, query) =>
      result<AuditEvent[]>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/audit`, query: { ...query } }),
    downloadAuditCsv: (vendorId, query) =>
      file({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/audit.csv`, query: { ...query } }, `audit-${vendorId}.csv`),
  };
}
