import type { PaymentMethod } from './api/orders';
import type { Voucher } from './api/vouchers';
import type { LoginResult } from './api/account';

// Entities of SPEC.md §3, shared by the browser and the server. Field names follow the wire format
// of API.md (snake_case) for what travels over HTTP, and the request draft's names for form state.

/** Statuses, payment methods and the order as it crosses the wire: the schemas in domain/api. */
export { CANCELLED_BY, ORDER_STATUSES, PAYMENT_METHODS } from './api/orders';
export type { CancelledBy, CustomerLocation, Order, OrderProofs, OrderStatus, PaymentMethod, Rider, StatusHistoryEntry } from './api/orders';
export type { Vendor, VendorLocation } from './api/vendors';
export type { Place, ReverseGeocodeResult } from './api/geo';
export type { PublicTrackingView } from './api/tracking';

/** Unix seconds. */
export type UnixSeconds = number;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Guest vendor placeholder (SPEC.md §3). */
export const GUEST_VENDOR_ID = 'vendorID';

/** The wire shape is the schema in domain/api (one declaration for server and browser). */
export type { AddressBookEntry } from './api/addressBook';

/** Collection point form (SPEC.md §3). */
export interface CollectionPointForm {
  parentVendorId: string;
  clientVendorId: string;
  name: string;
  unitNo: string;
  building: string;
  phone: string;
  riderInstructions: string;
  owners: string[];
  location: {
    formatted_address: string;
    latitude: number;
    longitude: number;
    city: string;
    countryCode: string;
    zipcode: string;
    street: string;
    streetNumber: string;
  } | null;
  isEditMode: boolean;
  vendorId: string;
}

/** The order form fields validated by validateOrderForm (request draft names, DESIGN.md). */
export interface OrderForm {
  vendorId: string | null;
  destinationName: string;
  destinationPhoneNumber: string;
  destinationTextAddress: string;
  destinationUnitNumber: string;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  orderDescription: string;
  orderAmount: string | number | null;
  paymentMethod: PaymentMethod | string | null;
  /** The optional tag id (TagIdCheck flag); checked only when given. */
  tagId?: string;
  /** The recipient's optional e-mail address for order messages; checked only when given. */
  destinationEmail?: string;
}

/** POST /order and PUT /order/{orderId} bodies: the schemas in domain/api. */
export type { OrderRequestPayload, UpdateOrderBody } from './api/orders';

export type VoucherType = 'PERCENT' | 'FIXED';

/** GET /voucher/{code} answer: the schema in domain/api. */
export type { Voucher };

/** Bulk jobs as they cross the wire: the schemas in domain/api. */
export { BULK_JOB_STATUSES, BULK_PREPROCESS_FILTERS } from './api/bulk';
export type { BulkJob, BulkJobRow, BulkJobStatus, BulkPreprocessFilter } from './api/bulk';

export const BULK_PAYMENT_TYPES = ['PAID', 'CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] as const;
export type BulkPaymentType = (typeof BULK_PAYMENT_TYPES)[number];

/** The online payment's wire shapes: the schemas in domain/api. */
export type { CardEncryptionKey, ConfirmPaymentIntentBody, PaymentCardFields, SavedPaymentCard } from './api/payments';

/** API.md's one error shape: the schema in domain/api. */
export type { ApiErrorBody } from './api/envelope';

export type AppMode = 'CLASSIC' | 'GODROID' | 'GUEST';

/** The session's tokens, as POST /login answers them (the schema in domain/api) and the app keeps them. */
export type AuthMeta = Omit<LoginResult, 'user'>;

/** The TrackingPageSettings feature flag's object variation (SPEC.md §6): what the public tracking page shows. */
export interface TrackingPageSettings {
  showRiderPhone: boolean;
  showMap: boolean;
}
