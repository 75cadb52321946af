// The recipient's e-mail address and message language on POST /order (recipient notifications):
// both optional; given, they must pass the shared rules or the order is refused (422).
import { countryConfig, isSupportedLocale } from '../../domain';
import { recipientEmailAddress } from '../../domain/recipientNotifications';
import type { Order } from '../../domain/types';
import { unprocessable } from '../http/errors';

interface RecipientFields {
  email_address?: string | null;
  language?: string | null;
}

/** The fields to store on the order's customer: the address in its one spelling, a language of the country. */
export function recipientContact(customer: RecipientFields, countryCode: string): Pick<Order['customer'], 'email_address' | 'language'> {
  const given = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? null : value.trim());
  const rawEmail = given(customer.email_address);
  const language = given(customer.language);
  const email = rawEmail === null ? null : recipientEmailAddress(rawEmail);
  if (rawEmail !== null && email === null) throw unprocessable('validation.invalid-email', 'customer.email_address');
  if (language !== null && !(isSupportedLocale(language) && countryConfig(countryCode).languages.includes(language))) {
    throw unprocessable('error.invalid-request', 'customer.language');
  }
  return { ...(email !== null ? { email_address: email } : {}), ...(language !== null ? { language } : {}) };
}
