// The ports the app needs from the outside world (DESIGN.md layers). Machines import these as types
// only; src/ wires the implementations found beside this file. Wire shapes follow API.md.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type {
  AddressBookEntry,
  BulkJob,
  BulkPreprocessFilter,
  CardEncryptionKey,
  ConfirmPaymentIntentBody,
  Order,
  OrderRequestPayload,
  PaymentCardFields,
  Place,
  ReverseGeocodeResult,
  Rider,
  PublicTrackingView,
  UnixSeconds,
  UpdateOrderBody,
  Vendor,
  Voucher,
} from '../domain/types';
import type {
  BulkUploadResult,
  ConfirmedPayment,
  CreatedPaymentIntent as PaymentIntent,
  PaymentIntentBody,
  PaymentWallet,
  ExportOrdersBody,
  Receipt as DeliveryReceipt,
  AddressBookEntryBody,
  ExtendedSession,
  GuestSession,
  GuestSessionBody,
  LoginResult,
  Registration,
  RegistrationBody,
  HelpCentreInitBody,
  HelpCentreWidget,
  CountryParameterName,
  OutletBody,
  VendorAddressBody,
  OrderTemplate,
  OrderTemplateBody,
  ApiKeySummary,
  ApiKeyBody,
  CreatedApiKey,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  NotificationSettingsBody,
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
import type { TrendDay } from '../domain/orderTrend';

// The map port lives in adapters/map; re-exported so the app finds every port here.
export type { AreaGeometry, LngLat, MapCreateOptions, MapHandle, MapPort, MarkerKind, MarkerSpec } from './map/mapPort';

// ---------------------------------------------------------------- account

// ---------------------------------------------------------------- vendors

// ---------------------------------------------------------------- orders


/** GET /vendor/{id}/orders/trend (server/README.md): a period of the History, both ends inclusive. */
export interface OrderTrendQuery {
  from: UnixSeconds;
  to: UnixSeconds;
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
  Receipt as DeliveryReceipt,
  AddressBookEntryBody,
  AuthUser,
  ExtendedSession,
  GuestSession,
  GuestSessionBody,
  LoginResult,
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

/** Public tracking view: one definition shared with the server (domain/types.ts). */
export type TrackingView = PublicTrackingView;

// ---------------------------------------------------------------- vouchers and payment



/** SPEC.md §7 confirm body, as the server's route takes it (one definition, in domain/types.ts). */
export type { CardEncryptionKey, ConfirmPaymentIntentBody, PaymentCardFields, SavedPaymentCard } from '../domain/types';

/** The second card provider's client-side encryption (TaiwanCardProvider): the card becomes a compact
 * JWE (RSA-OAEP-256 + A256GCM) of PaymentCardFields under the intent's key, so its number and CVC
 * never leave the browser in clear. */
export interface CardEncryptor {
  encrypt(card: PaymentCardFields, key: CardEncryptionKey): Promise<string>;
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
  login(email: string, password: string): Promise<LoginResult>;
  extendSession(refreshToken: string): Promise<ExtendedSession>;
  logout(): Promise<boolean>;
  register(body: RegistrationBody): Promise<Registration>;
  forgotPassword(email: string): Promise<true>;
  /** POST /register/resend: a fresh verification link for an unverified address; always true. */
  resendVerification(email: string): Promise<true>;
  resetPassword(email: string, code: string, password: string): Promise<true>;
  createGuestSession(body: GuestSessionBody): Promise<GuestSession>;
  // vendors
  getVendors(): Promise<Vendor[]>;
  getVendor(vendorId: string): Promise<Vendor>;
  createOutlet(body: OutletBody): Promise<Vendor>;
  updateOutlet(vendorId: string, body: OutletBody): Promise<Vendor>;
  updateVendorAddress(vendorId: string, body: VendorAddressBody): Promise<Vendor>;
  getHelpCentreToken(vendorId: string): Promise<string>;
  initHelpCentre(body: HelpCentreInitBody): Promise<HelpCentreWidget>;
  getCountryParameter(name: CountryParameterName, vendorId: string): Promise<string>;
  // orders
  listOrders(vendorId: string, query: OrderListQuery): Promise<OrderPage>;
  getOrderTrend(vendorId: string, query: OrderTrendQuery): Promise<OrderTrend>;
  /** GET /vendor/{id}/insights (server/README.md): the Insights page's figures for a period. */
  getInsights(vendorId: string, query: InsightsQuery): Promise<Insights>;
  getOrder(vendorId: string, orderId: string): Promise<Order>;
  createOrder(payload: OrderRequestPayload): Promise<{ order_id: string }>;
  updateOrder(orderId: string, body: UpdateOrderBody): Promise<Order>;
  cancelOrder(body: CancelOrderBody): Promise<Order>;
  exportOrders(body: ExportOrdersBody): Promise<ExportResult>;
  getTracking(orderId: string, token: string): Promise<TrackingView>;
  getReceipt(orderId: string, token: string): Promise<DeliveryReceipt>;
  // hurrier
  getRider(orderId: string): Promise<Rider | null>;
  computeFee(body: DeliveryFeeBody): Promise<SignedFee>;
  validateDeliveryArea(body: DeliveryAreaRequest): Promise<DeliveryAreaVerdict>;
  getEstimations(body: DeliveryAreaRequest): Promise<Estimations>;
  // vouchers and payment
  validateVoucher(body: VoucherValidationBody): Promise<VoucherValidation>;
  getVoucher(code: string): Promise<Voucher>;
  authorizePaymentWallet(vendorId: string): Promise<PaymentWallet>;
  createPaymentIntent(body: PaymentIntentBody): Promise<PaymentIntent>;
  confirmPaymentIntent(body: ConfirmPaymentIntentBody): Promise<ConfirmedPayment>;
  // geolocation and address book
  autocomplete(query: AutocompleteQuery): Promise<Place[]>;
  reverseGeocode(latitude: number, longitude: number, language: string): Promise<ReverseGeocodeResult[]>;
  placeDetails(queryId: string, language: string): Promise<Place[]>;
  searchAddressBook(vendorId: string, query: string): Promise<AddressBookEntry[]>;
  saveAddressBookEntry(vendorId: string, body: AddressBookEntryBody): Promise<AddressBookEntry>;
  // saved order templates of an outlet (issue #27)
  listOrderTemplates(vendorId: string): Promise<OrderTemplate[]>;
  createOrderTemplate(vendorId: string, body: OrderTemplateBody): Promise<OrderTemplate>;
  updateOrderTemplate(vendorId: string, templateId: string, body: OrderTemplateBody): Promise<OrderTemplate>;
  deleteOrderTemplate(vendorId: string, templateId: string): Promise<void>;
  // bulk
  downloadBulkTemplate(): Promise<{ file: Blob; fileName: string }>;
  createBulkJob(upload: BulkUpload): Promise<BulkUploadResult>;
  listBulkJobs(vendorId: string): Promise<BulkJob[]>;
  getBulkJob(vendorId: string, jobId: string, filter: BulkPreprocessFilter): Promise<BulkJob>;
  placeBulkOrders(jobId: string): Promise<BulkJob>;
  // flags and assets
  getFlags(context: FlagContext, signal?: AbortSignal): Promise<FlagMap>;

  listApiKeys(): Promise<ApiKeySummary[]>;
  createApiKey(body: ApiKeyBody): Promise<CreatedApiKey>;
  revokeApiKey(keyId: string): Promise<true>;
  // Settings → Developers → Webhooks
  listWebhooks(): Promise<WebhookEndpoint[]>;
  createWebhook(body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret>;
  deleteWebhook(endpointId: string): Promise<true>;
  rotateWebhookSecret(endpointId: string): Promise<WebhookEndpointWithSecret>;
  listWebhookDeliveries(endpointId: string, filter: WebhookDeliveryQuery): Promise<WebhookDelivery[]>;
  resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<true>;
  sendWebhookTestEvent(endpointId: string): Promise<{ delivery_id: string }>;
  // Settings → Notifications: the outlet's messages to the recipient; the order drawer's message log
  getNotificationSettings(vendorId: string): Promise<NotificationSettingsBody>;
  saveNotificationSettings(vendorId: string, body: NotificationSettingsBody): Promise<NotificationSettingsBody>;
  /** The messages sent to an order's recipient (GET /order's `recipient_messages`), oldest first. */
  listRecipientMessages(vendorId: string, orderId: string): Promise<SentNotification[]>;
  getVersion(): Promise<BuildVersion>;
}

// ---------------------------------------------------------------- live updates



export interface LiveSocketHandlers {
  onOpen?: () => void;
  onMessage: (message: LiveServerMessage) => void;
  /** Called once when the connection ends, whoever ended it. `wasClean` is false for a dropped peer. */
  onClose?: (info: { code: number; reason: string; wasClean: boolean }) => void;
}

export interface LiveConnection {
  send(message: LiveClientMessage): void;
  close(): void;
}

export interface LiveSocket {
  /** `authorization` is the header value the socket authenticates with; left out, the stored session's. */
  open(handlers: LiveSocketHandlers, authorization?: string | null): LiveConnection;
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
  nowUnix(): UnixSeconds;
}

export interface GeolocatorSuggestions {
  addressBook: AddressBookEntry[];
  places: Place[];
  /** Set when the input was 'lat,lng' and reverse geocoding answered. */
  reversed: ReverseGeocodeResult[];
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
  placeDetails(placeId: string, country: string): Promise<Place | null>;
  reverse(point: { latitude: number; longitude: number }, country: string): Promise<ReverseGeocodeResult | null>;
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
