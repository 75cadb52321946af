import { hasCoordinates, joinCustomerAddress, parseAmount } from '../domain';
import type { OrderTemplateBody } from '../domain/api';
import type { RequestDraft } from './requestDraft';

// "Save as template" (issue #27): a filled-in request kept under a name, with what a template holds
// (drop-off, recipient, item, payment method). The address is joined as an order stores it, so the
// template fills the request in again with the same text (requestDraftPrefill.ts prefillOfTemplate).

/** The template body of the draft, or null while the draft lacks what a template needs. */
export function templateOfDraft(draft: RequestDraft, name: string): OrderTemplateBody | null {
  const amount = parseAmount(draft.orderAmount);
  const located = hasCoordinates(draft.destinationLatitude, draft.destinationLongitude);
  if (!located || amount === null || draft.paymentMethod === null) return null;
  if ([draft.destinationName, draft.destinationPhoneNumber, draft.destinationTextAddress, draft.orderDescription].some((text) => text.trim() === '')) return null;
  return {
    name: name.trim(),
    customer_name: draft.destinationName.trim(),
    phone_number: draft.destinationPhoneNumber,
    latitude: draft.destinationLatitude!,
    longitude: draft.destinationLongitude!,
    address: joinCustomerAddress(draft.destinationUnitNumber, draft.destinationBuilding, draft.destinationTextAddress),
    notes: draft.riderNotes,
    amount,
    description: draft.orderDescription.trim(),
    payment_method: draft.paymentMethod,
  };
}
