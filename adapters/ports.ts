// The ports the app needs from the outside world (DESIGN.md layers). Machines import these as types
// only; src/ wires the implementations found beside this file. Wire shapes follow API.md.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
// The port signatures below name shared types through these two namespaces, so each type the app takes
// from this file is listed once, in an `export type { … } from` list.
import type * as domain from '../domain/types';
import type * as api from '../domain/api';
import type { TrendDay } from '../domain/orderTrend';

// The map port lives in adapters/map; re-exported so the app finds every port here.
export type { AreaGeometry, LngLat, MapCreateOptions, MapHandle, MapPort, MarkerKind, MarkerSpec } from './map/mapPort';

// ---------------------------------------------------------------- orders

/** GET /vendor/{id}/orders/trend (server/README.md): a period of the History, both ends inclusive. */
export interface OrderTrendQuery {
  from: domain.UnixSeconds;
  to: domain.UnixSeconds;
  include_outlets: boolean;
}

/** Orders per calendar day of the vendor's country, oldest first, every day present. */
export interface OrderTrend {
  timeZone: string;
  days: TrendDay[];
}

/** Wire shapes written once as schemas (domain/api), re-exported so the app finds every port type here. */
export type {
  BulkUploadResult,
  ConfirmedPayment,
  CreatedPaymentIntent as PaymentIntent,
  PaymentIntentBody,
  PaymentWallet,
  ExportFormat,
  ExportOrdersBody,
  ExportProofsBody,
  Receipt as DeliveryReceipt,
  AddressBookEntryBody,
  AuthUser,
  ExtendedSession,
  GuestSession,
  GuestSessionBody,
  LoginResult,
  InvitationView,
  Team,
  Member,
  PendingInvitation,
  InvitationBody,
  MemberChangeBody,
  RecurringScheduleBody,
  RecurringRuleBody,
  ScheduleRepeatSchema,
  RecurringScheduleView,
  RecurringRun,
  AuditAction,
  AuditEvent,
  AuditQuery,
  Registration,
  RegistrationBody,
  HelpCentreInitBody,
  CountryParameterName,
  OutletBody,
  VendorAddressBody,
  ApiKeyAccess,
  ApiKeySummary,
  ApiKeyBody,
  CreatedApiKey,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  WebhookEventType,
  NotificationSettingsBody,
  EmailPreview,
  EmailPreviewQuery,
  SentNotification,
  CancelOrderBody,
  DeliveryAreaRequest,
  DeliveryAreaVerdict,
  Estimations,
  DeliveryFeeBody,
  Insights,
  InsightsQuery,
  LiveClientMessage,
  LiveServerMessage,
  OrderListQuery,
  OrderPage,
  SignedFee,
  VoucherValidation,
  VoucherValidationBody,
} from '../domain/api';

export type ExportResult = { kind: 'file'; file: Blob; fileName: string } | { kind: 'emailed'; emailedTo: string };
/** A file the server answered, named by its Content-Disposition. */
export interface DownloadedFile { file: Blob; fileName: string }

/** Public tracking view: one definition shared with the server (domain/types.ts). */
export type TrackingView = domain.PublicTrackingView;

// ---------------------------------------------------------------- vouchers and payment

/** SPEC.md §7 confirm body, as the server's route takes it (one definition, in domain/types.ts). */
export type { CardEncryptionKey, ConfirmPaymentIntentBody, PaymentCardFields, SavedPaymentCard } from '../domain/types';

/** The second card provider's client-side encryption (TaiwanCardProvider): the card becomes a compact
 * JWE (RSA-OAEP-256 + A256GCM) of PaymentCardFields under the intent's key, so its number and CVC
 * never leave the browser in clear. */
export interface CardEncryptor {
  encrypt(card: domain.PaymentCardFields, key: domain.CardEncryptionKey): Promise<string>;
}

// ---------------------------------------------------------------- geolocation

export interface AutocompleteQuery {
  query: string;
  country: string;
  language: string;
  lat?: number;
  lng?: number;
}

// ---------------------------------------------------------------- bulk

export interface BulkUpload {
  vendorId: string;
  file: Blob;
  fileName: string;
  /** Called with 0..1 while the file is being sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// ---------------------------------------------------------------- flags

/** Any JSON value, as a flag service may serve it inside an object variation. */
export type FlagJson = boolean | string | number | null | FlagJson[] | { [key: string]: FlagJson };
/** A flag variation: a scalar, or a JSON object or list (e.g. TrackingPageSettings). */
export type FlagValue = boolean | string | number | FlagJson[] | { [key: string]: FlagJson };
export type FlagMap = Record<string, FlagValue>;

export interface FlagContext {
  country: string;
  brand: string;
  vendorId?: string | null;
}

export interface BuildVersion {
  build_id: string;
}

export interface ApiClient {
  // account
  login(email: string, password: string): Promise<api.LoginResult>;
  extendSession(refreshToken: string): Promise<api.ExtendedSession>;
  logout(): Promise<boolean>;
  register(body: api.RegistrationBody): Promise<api.Registration>;
  forgotPassword(email: string): Promise<true>;
  /** POST /register/resend: a fresh verification link for an unverified address; always true. */
  resendVerification(email: string): Promise<true>;
  resetPassword(email: string, code: string, password: string): Promise<true>;
  createGuestSession(body: api.GuestSessionBody): Promise<api.GuestSession>;
  /** GET /invitation?token= (server/teams/README.md): whom, where and as what the mailed link invites. */
  getInvitation(token: string): Promise<api.InvitationView>;
  /** POST /invitation/accept: a new account's password, or the existing account's; answers as /login. */
  acceptInvitation(token: string, password: string): Promise<api.LoginResult>;
  // vendors
  getVendors(): Promise<domain.Vendor[]>;
  getVendor(vendorId: string): Promise<domain.Vendor>;
  createOutlet(body: api.OutletBody): Promise<domain.Vendor>;
  updateOutlet(vendorId: string, body: api.OutletBody): Promise<domain.Vendor>;
  updateVendorAddress(vendorId: string, body: api.VendorAddressBody): Promise<domain.Vendor>;
  getHelpCentreToken(vendorId: string): Promise<string>;
  initHelpCentre(body: api.HelpCentreInitBody): Promise<api.HelpCentreWidget>;
  getCountryParameter(name: api.CountryParameterName, vendorId: string): Promise<string>;
  // orders
  listOrders(vendorId: string, query: api.OrderListQuery): Promise<api.OrderPage>;
  getOrderTrend(vendorId: string, query: OrderTrendQuery): Promise<OrderTrend>;
  /** GET /vendor/{id}/insights (server/README.md): the Insights page's figures for a period. */
  getInsights(vendorId: string, query: api.InsightsQuery): Promise<api.Insights>;
  getOrder(vendorId: string, orderId: string): Promise<domain.Order>;
  createOrder(payload: domain.OrderRequestPayload): Promise<{ order_id: string }>;
  updateOrder(orderId: string, body: domain.UpdateOrderBody): Promise<domain.Order>;
  cancelOrder(body: api.CancelOrderBody): Promise<domain.Order>;
  exportOrders(body: api.ExportOrdersBody): Promise<ExportResult>;
  /** POST /proofs/export: the proofs of a period as a ZIP with its CSV index (the proof archive). */
  exportProofs(body: api.ExportProofsBody): Promise<DownloadedFile>;
  /** GET /order/{id}/proofs: one order's proofs as a ZIP with its CSV index. */
  downloadOrderProofs(orderId: string): Promise<DownloadedFile>;
  getTracking(orderId: string, token: string): Promise<TrackingView>;
  getReceipt(orderId: string, token: string): Promise<api.Receipt>;
  // hurrier
  getRider(orderId: string): Promise<domain.Rider | null>;
  computeFee(body: api.DeliveryFeeBody): Promise<api.SignedFee>;
  validateDeliveryArea(body: api.DeliveryAreaRequest): Promise<api.DeliveryAreaVerdict>;
  getEstimations(body: api.DeliveryAreaRequest): Promise<api.Estimations>;
  // vouchers and payment
  validateVoucher(body: api.VoucherValidationBody): Promise<api.VoucherValidation>;
  getVoucher(code: string): Promise<domain.Voucher>;
  authorizePaymentWallet(vendorId: string): Promise<api.PaymentWallet>;
  createPaymentIntent(body: api.PaymentIntentBody): Promise<api.CreatedPaymentIntent>;
  confirmPaymentIntent(body: domain.ConfirmPaymentIntentBody): Promise<api.ConfirmedPayment>;
  // geolocation and address book
  autocomplete(query: AutocompleteQuery): Promise<domain.Place[]>;
  reverseGeocode(latitude: number, longitude: number, language: string): Promise<domain.ReverseGeocodeResult[]>;
  placeDetails(queryId: string, language: string): Promise<domain.Place[]>;
  searchAddressBook(vendorId: string, query: string): Promise<domain.AddressBookEntry[]>;
  saveAddressBookEntry(vendorId: string, body: api.AddressBookEntryBody): Promise<domain.AddressBookEntry>;
  // saved order templates of an outlet
  listOrderTemplates(vendorId: string): Promise<api.OrderTemplate[]>;
  createOrderTemplate(vendorId: string, body: api.OrderTemplateBody): Promise<api.OrderTemplate>;
  updateOrderTemplate(vendorId: string, templateId: string, body: api.OrderTemplateBody): Promise<api.OrderTemplate>;
  deleteOrderTemplate(vendorId: string, templateId: string): Promise<void>;
  // recurring orders: saved templates placed on a schedule, with their latest runs
  listRecurringOrders(vendorId: string): Promise<api.RecurringScheduleView[]>;
  createRecurringOrder(vendorId: string, body: api.RecurringScheduleBody): Promise<api.RecurringScheduleView>;
  updateRecurringOrder(vendorId: string, scheduleId: string, body: api.RecurringRuleBody): Promise<api.RecurringScheduleView>;
  /** Pauses (true) or resumes (false, from the next run after now). */
  setRecurringOrderPaused(vendorId: string, scheduleId: string, paused: boolean): Promise<api.RecurringScheduleView>;
  deleteRecurringOrder(vendorId: string, scheduleId: string): Promise<void>;
  // bulk
  downloadBulkTemplate(): Promise<{ file: Blob; fileName: string }>;
  createBulkJob(upload: BulkUpload): Promise<api.BulkUploadResult>;
  listBulkJobs(vendorId: string): Promise<domain.BulkJob[]>;
  getBulkJob(vendorId: string, jobId: string, filter: domain.BulkPreprocessFilter): Promise<domain.BulkJob>;
  placeBulkOrders(jobId: string): Promise<domain.BulkJob>;
  // flags and assets
  getFlags(context: FlagContext, signal?: AbortSignal): Promise<FlagMap>;

  listApiKeys(): Promise<api.ApiKeySummary[]>;
  createApiKey(body: api.ApiKeyBody): Promise<api.CreatedApiKey>;
  revokeApiKey(keyId: string): Promise<true>;
  // Settings → Developers → Webhooks
  listWebhooks(): Promise<api.WebhookEndpoint[]>;
  createWebhook(body: api.WebhookEndpointBody): Promise<api.WebhookEndpointWithSecret>;
  deleteWebhook(endpointId: string): Promise<true>;
  rotateWebhookSecret(endpointId: string): Promise<api.WebhookEndpointWithSecret>;
  listWebhookDeliveries(endpointId: string, filter: api.WebhookDeliveryQuery): Promise<api.WebhookDelivery[]>;
  resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<true>;
  sendWebhookTestEvent(endpointId: string): Promise<{ delivery_id: string }>;
  // Settings → Notifications: the outlet's messages to the recipient; the order drawer's message log
  getNotificationSettings(vendorId: string): Promise<api.NotificationSettingsBody>;
  saveNotificationSettings(vendorId: string, body: api.NotificationSettingsBody): Promise<api.NotificationSettingsBody>;
  /** The recipient's e-mail for an event, rendered by the server's template for the outlet (Settings → Notifications). */
  getEmailPreview(vendorId: string, query: api.EmailPreviewQuery): Promise<api.EmailPreview>;
  /** The messages sent to an order's recipient (GET /order's `recipient_messages`), oldest first. */
  listRecipientMessages(vendorId: string, orderId: string): Promise<api.SentNotification[]>;
  // Settings → Team (server/teams/README.md): members of the vendor and its outlets, invitations
  getTeam(vendorId: string): Promise<api.Team>;
  inviteMember(vendorId: string, body: api.InvitationBody): Promise<api.PendingInvitation>;
  /** PUT /vendor/{vendorId}/members/{accountId}: acts on the link at exactly `vendorId` (the member's own). */
  changeMember(vendorId: string, accountId: string, body: api.MemberChangeBody): Promise<true>;
  removeMember(vendorId: string, accountId: string): Promise<true>;
  /** A fresh link valid 72 h for an invitation at exactly `vendorId` (its own); the old link stops working. */
  resendInvitation(vendorId: string, invitationId: string): Promise<api.PendingInvitation>;
  revokeInvitation(vendorId: string, invitationId: string): Promise<true>;
  // Settings → Audit: the trail, newest first, and the same filter as a CSV file
  listAuditEvents(vendorId: string, query: api.AuditQuery): Promise<api.AuditEvent[]>;
  downloadAuditCsv(vendorId: string, query: api.AuditQuery): Promise<{ file: Blob; fileName: string }>;
  getVersion(): Promise<BuildVersion>;
}

// ---------------------------------------------------------------- live updates

export interface LiveSocketHandlers {
  onOpen?: () => void;
  onMessage: (message: api.LiveServerMessage) => void;
  /** Called once when the connection ends, whoever ended it. `wasClean` is false for a dropped peer. */
  onClose?: (info: { code: number; reason: string; wasClean: boolean }) => void;
}

export interface LiveConnection {
  send(message: api.LiveClientMessage): void;
  close(): void;
}

export interface LiveSocket {
  /** `authorization` is the header value the socket authenticates with; left out, the stored session's. */
  open(handlers: LiveSocketHandlers, authorization?: string | null): LiveConnection;
}

/** What one subscription on the tab's shared live socket hears (API.md "Live updates"). */
export interface LiveSubscriptionHandlers {
  /** The socket opened (again) and this subscription's request went out on it. */
  onConnected?: () => void;
  /** A server message meant for this subscription: its `subscribe_ok`, its updates or notices, errors. */
  onMessage: (message: api.LiveServerMessage) => void;
  /** The socket closed; the channel opens it again itself, except after 4401 `session.ended`. */
  onDisconnected?: (info: { code: number }) => void;
}

export interface LiveSubscription {
  /** Asks for something else on the same socket (another vendor): sent at once when open, else at the next open. */
  change(request: api.LiveClientMessage): void;
  /** Leaves; the socket closes when its last subscription leaves. */
  close(): void;
}

/** The tab's one live socket, shared by everything that listens (live orders, the failing-webhooks
 * banner): opened for the first subscription, closed after the last, every request sent again after
 * a reconnect. */
export interface LiveChannel {
  subscribe(request: api.LiveClientMessage, handlers: LiveSubscriptionHandlers): LiveSubscription;
  /** The session's tokens changed: the socket is opened again with them. */
  renew(authorization: string | null): void;
}

// ---------------------------------------------------------------- browser services

/** The subset of the Web Storage API the adapters use; localStorage or an in-memory double. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Clock {
  /** Unix seconds, whole. */
  nowUnix(): domain.UnixSeconds;
}

export interface GeolocatorSuggestions {
  addressBook: domain.AddressBookEntry[];
  places: domain.Place[];
  /** Set when the input was 'lat,lng' and reverse geocoding answered. */
  reversed: domain.ReverseGeocodeResult[];
  /** Set when `places` came from Google rather than our geolocator: the list must credit Google (its
   * terms), and those places have no coordinates (NaN) until `placeDetails`, which also ends Google's
   * billing session. Absent for our geolocator, whose places carry their coordinates. */
  placesBy?: 'google';
}

export interface GeolocatorSearch {
  query: string;
  country: string;
  vendorId?: string | null;
  /** Bias autocomplete near this point (the collection point). */
  near?: { latitude: number; longitude: number } | null;
  addressBookEnabled: boolean;
}

export interface Geolocator {
  suggest(search: GeolocatorSearch): Promise<GeolocatorSuggestions>;
  placeDetails(placeId: string, country: string): Promise<domain.Place | null>;
  reverse(point: { latitude: number; longitude: number }, country: string): Promise<domain.ReverseGeocodeResult | null>;
}

export type FlagSourceName = 'server' | 'file';

export interface FlagSnapshot {
  flags: FlagMap;
  /** Which provider answered; 'fallback' when every provider failed (SPEC.md §6 values). */
  source: FlagSourceName | 'fallback';
}

/** A catalogue as text (ICU syntax), or as the syntax trees the production build compiles it to
 * (scripts/build/compileCatalogues.ts), which react-intl formats without parsing. */
export type TranslationMessages = Record<string, string> | Record<string, MessageFormatElement[]>;

export interface TranslationLoader {
  load(locale: string): Promise<{ locale: string; messages: TranslationMessages }>;
}

export interface VersionChecker {
  currentBuildId(): Promise<string>;
}

export interface Reloader {
  reload(): void;
}

export interface Navigator {
  /** Full-page navigation (payment redirects, external links). */
  assign(url: string): void;
}

/** Tells when the user comes back to the page: its tab shown again, or its window focused. */
export interface PageAttention {
  /** Calls `listener` on each return; the answer stops it. */
  onReturn(listener: () => void): () => void;
}
