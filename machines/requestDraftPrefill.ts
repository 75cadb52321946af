import { joinCustomerAddress, type PaymentMethod } from '../domain';
import type { OrderTemplate } from '../domain/api';
import type { Order } from '../domain/types';
import { EMPTY_DRAFT, type RequestDraft } from './requestDraft';

// What fills the request draft in from elsewhere: an order being edited, a past order ("Order
// again") or a saved template. The fee is never carried over: it is quoted afresh.

function withoutUnitAndBuilding(address: string, unit: string, building: string): string {
  const prefix = joinCustomerAddress(unit, building, null);
  return prefix !== '' && address.startsWith(`${prefix}, `) ? address.slice(prefix.length + 2) : address;
}

/** The draft of an order being edited. */
export function draftOfOrder(order: Order, draft: RequestDraft): RequestDraft {
  return {
    ...draft,
    destinationName: order.customer.name,
    destinationPhoneNumber: order.customer.phone_number,
    // The stored address starts with the unit and building it was sent with (SPEC.md §3); they are
    // edited in their own fields, so the text keeps the rest only.
    destinationTextAddress: withoutUnitAndBuilding(order.customer.location.address, order.unit_number ?? '', order.building ?? ''),
    destinationUnitNumber: order.unit_number ?? '',
    destinationBuilding: order.building ?? '',
    destinationLatitude: order.customer.location.latitude,
    destinationLongitude: order.customer.location.longitude,
    riderNotes: order.customer.location.notes ?? '',
    orderAmount: String(order.order.amount),
    orderDescription: order.order.description,
    paymentMethod: order.order.payment_method,
    preorderedFor: order.preordered_for,
    destinationEmail: order.customer.email_address ?? '',
    destinationLanguage: order.customer.language ?? '',
  };
}

/** What a past order or a saved template fills in: the drop-off, the recipient, the item and how it
 * is paid. Never the fee (quoted afresh), the pre-order slot or the bag's tag (one per parcel). */
export type DraftPrefill = Pick<
  RequestDraft,
  | 'destinationName'
  | 'destinationPhoneNumber'
  | 'destinationTextAddress'
  | 'destinationUnitNumber'
  | 'destinationBuilding'
  | 'destinationLatitude'
  | 'destinationLongitude'
  | 'riderNotes'
  | 'orderAmount'
  | 'orderDescription'
  | 'paymentMethod'
  | 'destinationEmail'
  | 'destinationLanguage'
>;

/** "Order again": what a past order fills in. */
export function prefillOfOrder(order: Order): DraftPrefill {
  const { preorderedFor: _slot, ageValidation: _age, tagId: _tag, ...prefill } = draftOfOrder(order, EMPTY_DRAFT);
  return prefill;
}

/** A saved template's drop-off, recipient, item and payment method (its address is stored whole). */
export function prefillOfTemplate(template: OrderTemplate): DraftPrefill {
  return {
    destinationName: template.customer_name,
    destinationPhoneNumber: template.phone_number,
    destinationTextAddress: template.address,
    destinationUnitNumber: '',
    destinationBuilding: '',
    destinationLatitude: template.latitude,
    destinationLongitude: template.longitude,
    riderNotes: template.notes,
    orderAmount: String(template.amount),
    orderDescription: template.description,
    paymentMethod: template.payment_method,
    // A template keeps no recipient e-mail or message language.
    destinationEmail: '',
    destinationLanguage: '',
  };
}

/** The draft filled in from a past order or a template; a payment method no longer offered falls back
 * to the one the vendor would get by default. */
export function prefilledDraft(draft: RequestDraft, prefill: DraftPrefill, availablePaymentMethods: readonly PaymentMethod[]): RequestDraft {
  const offered = prefill.paymentMethod !== null && availablePaymentMethods.includes(prefill.paymentMethod);
  return { ...draft, ...prefill, paymentMethod: offered ? prefill.paymentMethod : draft.paymentMethod };
}
