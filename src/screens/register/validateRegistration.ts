import { emailFieldError } from '../../../domain/email';
import { passwordFieldErrors } from '../../../domain/account';
import { isPossiblePhone } from '../../../domain/phone';

export interface RegistrationForm {
  email: string;
  vendorName: string;
  vendorCode: string;
  phone: string;
  password: string;
  confirmation: string;
  termsAccepted: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

/** Every failing field with its message key; the password rules are the domain's (SPEC §5). */
export function validateRegistration(form: RegistrationForm, countryCode: string): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const emailError = emailFieldError(form.email);
  if (emailError) errors.email = emailError;
  if (form.vendorName.trim() === '') errors.vendorName = 'validation.fill-business-name';
  if (form.vendorCode.trim() === '') errors.vendorCode = 'validation.fill-vendor-code';
  if (form.phone === '') errors.phone = 'validation.fill-phone';
  else if (!isPossiblePhone(form.phone, countryCode)) errors.phone = 'validation.phone-incorrect';
  Object.assign(errors, passwordFieldErrors(form.password, form.confirmation));
  if (!form.termsAccepted) errors.termsAccepted = 'validation.accept-terms';
  return errors;
}
