// The failures of the account calls (API.md "Conventions" and "Account") and the catalogue key that
// explains each one. The server answers an identity-provider code as `message` and a key of ours in
// `errors[0].meta.translation_key`; either may reach a screen.

/** Identity-provider codes the auth endpoints answer (API.md "Conventions"). */
export const IDENTITY_PROVIDER_CODES = [
  'InternalErrorException',
  'InvalidParameterException',
  'NotAuthorizedException',
  'PasswordResetRequiredException',
  'ResourceNotFoundException',
  'TooManyRequestsException',
  'UserNotConfirmedException',
  'UserNotFoundException',
  'UsernameExistsException',
  'CodeDeliveryFailureException',
  'ExpiredCodeException',
  'CodeMismatchException',
  'UserLambdaValidationException',
] as const;
export type IdentityProviderCode = (typeof IDENTITY_PROVIDER_CODES)[number];

/** Our own keys the login, register and reset calls answer in `translation_key` (API.md "Account",
 * SPEC.md §5 password rules). */
export const ACCOUNT_ERROR_KEYS = [
  'register.error.email-already-registered',
  'register.error.outlet-already-registered',
  'register.error.vendor-missing',
  'register.error.wrong-email',
  'register.error.terms-not-accepted',
  'account.password.too-short',
  'account.password.needs-number',
  'account.password.needs-uppercase',
  'account.password.needs-lowercase',
  'account.password.needs-special',
  'account.password.mismatch',
  'account.password.too-common',
  'error.offline',
] as const;

function isIdentityProviderCode(value: string): value is IdentityProviderCode {
  return (IDENTITY_PROVIDER_CODES as readonly string[]).includes(value);
}

/**
 * The catalogue key for an account call's failure, whichever form it came in: a bare provider code
 * becomes `auth.{code}`, a key that already is one (`auth.CodeMismatchException`, `register.error.*`)
 * stays as it is. Anything else is passed on (the screen shows a non-key text as it came).
 */
export function authErrorKey(error: string): string {
  return isIdentityProviderCode(error) ? `auth.${error}` : error;
}
