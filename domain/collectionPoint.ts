// Collection point form (SPEC.md §5 "Collection point form"): every failing field on submit.
import { isBlank } from './text';
import type { CollectionPointForm } from './types';

export const COLLECTION_POINT_MESSAGES = {
  clientVendorId: 'collection-point.error.fill-id', // 'Please enter collection point ID'
  name: 'collection-point.error.fill-label', // 'Please enter label'
  phone: 'collection-point.error.fill-phone', // 'Please enter phone number'
  location: 'collection-point.error.select-address', // 'Please select pickup address'
  owner: 'collection-point.error.invalid-email', // 'Please enter a valid email'
} as const;

export const COLLECTION_POINT_DEFAULT_TEXTS: Readonly<Record<string, string>> = {
  [COLLECTION_POINT_MESSAGES.clientVendorId]: 'Please enter collection point ID',
  [COLLECTION_POINT_MESSAGES.name]: 'Please enter label',
  [COLLECTION_POINT_MESSAGES.phone]: 'Please enter phone number',
  [COLLECTION_POINT_MESSAGES.location]: 'Please select pickup address',
  [COLLECTION_POINT_MESSAGES.owner]: 'Please enter a valid email',
};

/** Field names of §3's form; an owner email is reported as `owners.<index>`. */
export type CollectionPointField = 'clientVendorId' | 'name' | 'phone' | 'location' | `owners.${number}`;
export type CollectionPointErrors = Partial<Record<CollectionPointField, string>>;

/** "A simple email shape": something@something.tld, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

export function validateCollectionPoint(form: CollectionPointForm): CollectionPointErrors {
  const errors: CollectionPointErrors = {};
  if (isBlank(form.clientVendorId)) errors.clientVendorId = COLLECTION_POINT_MESSAGES.clientVendorId;
  if (isBlank(form.name)) errors.name = COLLECTION_POINT_MESSAGES.name;
  if (isBlank(form.phone)) errors.phone = COLLECTION_POINT_MESSAGES.phone;
  if (form.location === null) errors.location = COLLECTION_POINT_MESSAGES.location;
  form.owners.forEach((owner, index) => {
    if (!isBlank(owner) && !isEmailShaped(owner)) errors[`owners.${index}`] = COLLECTION_POINT_MESSAGES.owner;
  });
  return errors;
}

/** Outlets whose id begins 'a-' or 'b-' cannot be edited. */
export function isOutletEditable(vendorId: string): boolean {
  return !vendorId.startsWith('a-') && !vendorId.startsWith('b-');
}
