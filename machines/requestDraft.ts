import {
  ADDRESS_MESSAGES,
  isBlank,
  joinCustomerAddress,
  LIMITS,
  normaliseEmailAddress,
  normalizeTagId,
  ORDER_FORM_MESSAGES,
  parseAmount,
  sanitizePhoneInput,
  utf8ByteLength,
  validateOrderForm,
  type AddressMessageKey,
  type OrderForm,
  type OrderFormMessageKey, type PaymentMethod,
  type UnixSeconds,
  type Vendor,
  type Voucher,
} from '../domain';
import type { OrderRequestPayload, UpdateOrderBody } from '../domain/types';
import type { AddressBookEntryBody } from '../domain/api';
import type { SignedFee } from './fee';

// The request draft (SPEC.md §3) and how it becomes the order payload or the update body.

export interface OriginAddress {
  streetAddress: string;
  building: string;
  unit: string;
  notes: string;
  city: string;
  countryCode: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
}

/** Stored guest credentials, the sender of a guest's order. */
export interface GuestSender {
  name: string;
  email: string;
  phoneNumber: string;
}

export interface RequestDraft {
  destinationName: string;
  destinationPhoneNumber: string;
  destinationTextAddress: string;
  destinationUnitNumber: string;
  destinationBuilding: string;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  riderNotes: string;
  orderAmount: string;
  orderDescription: string;
  paymentMethod: PaymentMethod | null;
  preorderedFor: UnixSeconds | null;
  ageValidation: boolean;
  /** The bag/parcel tag the rider checks at pick-up (TagIdCheck flag); '' when none. */
  tagId: string;
  /** The recipient's e-mail for order messages; '' when none. */
  destinationEmail: string;
  /** The language of the recipient's messages (a locale of the country); '' for the country's default. */
  destinationLanguage: string;
}

/** Fields the order-details step edits as text. */
export type DraftTextField =
  | 'destinationName'
  | 'destinationPhoneNumber'
  | 'destinationUnitNumber'
  | 'destinationBuilding'
  | 'riderNotes'
  | 'orderAmount'
  | 'orderDescription'
  | 'tagId'
  | 'destinationEmail'
  | 'destinationLanguage';

export const EMPTY_DRAFT: RequestDraft = {
  destinationName: '',
  destinationPhoneNumber: '',
  destinationTextAddress: '',
  destinationUnitNumber: '',
  destinationBuilding: '',
  destinationLatitude: null,
  destinationLongitude: null,
  riderNotes: '',
  orderAmount: '',
  orderDescription: '',
  paymentMethod: null,
  preorderedFor: null,
  ageValidation: false,
  tagId: '',
  destinationEmail: '',
  destinationLanguage: '',
};

/** The vendor's own address as the origin, or null when it lacks coordinates. */
export function vendorOrigin(vendor: Vendor): OriginAddress | null {
  const location = vendor.vendor_information.location;
  if (location.latitude === null || location.longitude === null) return null;
  return {
    streetAddress: location.address_text,
    building: location.building,
    unit: location.unit,
    notes: location.rider_instructions,
    city: location.city,
    countryCode: location.country_code,
    postalCode: location.postal_code,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

export function orderFormOf(vendorId: string | null, draft: RequestDraft): OrderForm {
  return {
    vendorId,
    destinationName: draft.destinationName,
    destinationPhoneNumber: draft.destinationPhoneNumber,
    destinationTextAddress: draft.destinationTextAddress,
    destinationUnitNumber: draft.destinationUnitNumber,
    destinationLatitude: draft.destinationLatitude,
    destinationLongitude: draft.destinationLongitude,
    orderDescription: draft.orderDescription,
    orderAmount: draft.orderAmount,
    paymentMethod: draft.paymentMethod,
    tagId: draft.tagId,
    destinationEmail: draft.destinationEmail,
  };
}

export interface PayloadParts {
  vendorId: string;
  draft: RequestDraft;
  fee: SignedFee;
  voucher: Voucher | null;
  discountedFee: SignedFee | null;
  vatNumber: string | null;
  loginPickupEstimation: number;
  /** Only for a guest vendor without its own origin address. */
  sender: { origin: OriginAddress; credentials: GuestSender } | null;
}

export function orderPayloadOf(parts: PayloadParts): OrderRequestPayload {
  const { draft, sender } = parts;
  return {
    vendor_id: parts.vendorId,
    customer: {
      location: {
        latitude: draft.destinationLatitude ?? 0,
        longitude: draft.destinationLongitude ?? 0,
        address: joinCustomerAddress(draft.destinationUnitNumber, draft.destinationBuilding, draft.destinationTextAddress),
        notes: draft.riderNotes,
      },
      phone_number: draft.destinationPhoneNumber,
      name: draft.destinationName,
      // Only what was given: the server then sends no e-mail, and writes in the country's default language.
      ...(isBlank(draft.destinationEmail) ? {} : { email_address: normaliseEmailAddress(draft.destinationEmail) }),
      ...(draft.destinationLanguage === '' ? {} : { language: draft.destinationLanguage }),
    },
    order: {
      payment_method: draft.paymentMethod ?? 'CASH_ON_DELIVERY',
      amount: parseAmount(draft.orderAmount) ?? 0,
      description: draft.orderDescription,
      cold_bag_needed: false,
      ...(normalizeTagId(draft.tagId) !== '' ? { tag_id: normalizeTagId(draft.tagId) } : {}),
    },
    vat_number: parts.vatNumber,
    preordered_for: draft.preorderedFor,
    age_validation_required: draft.ageValidation,
    login_pickup_estimation: parts.loginPickupEstimation,
    delivery_fee: parts.fee.fee,
    signature: parts.fee.signature,
    voucher: parts.voucher ? { code: parts.voucher.code, amount: parts.voucher.amount, type: parts.voucher.type } : null,
    discounted_delivery_fee: parts.discountedFee?.fee ?? null,
    discounted_delivery_fee_signature: parts.discountedFee?.signature ?? null,
    sender: sender
      ? {
          location: {
            latitude: sender.origin.latitude ?? 0,
            longitude: sender.origin.longitude ?? 0,
            address: joinCustomerAddress(sender.origin.unit, sender.origin.building, sender.origin.streetAddress),
            notes: sender.origin.notes,
          },
          name: sender.credentials.name,
          email: sender.credentials.email,
          phone_number: sanitizePhoneInput(sender.credentials.phoneNumber),
        }
      : null,
  };
}

export function updateBodyOf(vendorId: string, draft: RequestDraft, fee: SignedFee): UpdateOrderBody {
  return {
    vendor_id: vendorId,
    payment_method: draft.paymentMethod ?? 'CASH_ON_DELIVERY',
    amount: parseAmount(draft.orderAmount) ?? 0,
    item_details: draft.orderDescription,
    location: {
      address: joinCustomerAddress(draft.destinationUnitNumber, draft.destinationBuilding, draft.destinationTextAddress),
      notes: draft.riderNotes,
      latitude: draft.destinationLatitude ?? 0,
      longitude: draft.destinationLongitude ?? 0,
    },
    delivery_fee: fee.fee,
    signature: fee.signature,
  };
}

/** POST /addressbook/{vendorId} body (API.md). */
export type AddressBookEntryInput = AddressBookEntryBody;

/** The draft's customer and drop-off as an address-book entry. */
export function addressBookEntryOf(draft: RequestDraft): AddressBookEntryInput {
  return {
    name: draft.destinationName.trim(),
    phone_number: draft.destinationPhoneNumber,
    latitude: draft.destinationLatitude ?? 0,
    longitude: draft.destinationLongitude ?? 0,
    address: joinCustomerAddress(draft.destinationUnitNumber, draft.destinationBuilding, draft.destinationTextAddress),
    notes: draft.riderNotes,
  };
}

export type DraftErrors = Partial<Record<keyof RequestDraft | 'vendorId', OrderFormMessageKey | AddressMessageKey>>;

/** Which field shows each order-form message. */
const FIELD_OF_MESSAGE: Record<OrderFormMessageKey, keyof DraftErrors> = {
  [ORDER_FORM_MESSAGES.noVendor]: 'vendorId',
  [ORDER_FORM_MESSAGES.fillUnitNumber]: 'destinationUnitNumber',
  [ORDER_FORM_MESSAGES.fillCustomerName]: 'destinationName',
  [ORDER_FORM_MESSAGES.wrongCustomerName]: 'destinationName',
  [ORDER_FORM_MESSAGES.fillCustomerPhone]: 'destinationPhoneNumber',
  [ORDER_FORM_MESSAGES.phoneIncorrect]: 'destinationPhoneNumber',
  [ORDER_FORM_MESSAGES.invalidEmail]: 'destinationEmail',
  [ORDER_FORM_MESSAGES.fillDescription]: 'orderDescription',
  [ORDER_FORM_MESSAGES.fillAddress]: 'destinationTextAddress',
  [ORDER_FORM_MESSAGES.invalidCoordinates]: 'destinationTextAddress',
  [ORDER_FORM_MESSAGES.fillAmount]: 'orderAmount',
  [ORDER_FORM_MESSAGES.minimumAmount]: 'orderAmount',
  [ORDER_FORM_MESSAGES.fillPaymentMethod]: 'paymentMethod',
  [ORDER_FORM_MESSAGES.tagIdInvalid]: 'tagId',
};

export interface DraftRules {
  vendorId: string;
  countryCode: string;
  availablePaymentMethods: PaymentMethod[];
}

/** The draft's first broken rule on the field that shows it (none when the draft can be sent). */
export function draftErrorsOf(draft: RequestDraft, rules: DraftRules): DraftErrors {
  const key = validateOrderForm(orderFormOf(rules.vendorId, draft), rules.countryCode, { availablePaymentMethods: rules.availablePaymentMethods });
  if (key !== null) return { [FIELD_OF_MESSAGE[key]]: key };
  // Notes travel with the address: at most 1000 bytes (SPEC.md §5).
  return utf8ByteLength(draft.riderNotes) > LIMITS.notesMaxBytes ? { riderNotes: ADDRESS_MESSAGES.notesTooLong } : {};
}
