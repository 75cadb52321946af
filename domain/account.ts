// Account rules (SPEC.md §5 "Account"): password, VAT number, reset code.
import { LIMITS } from './limits';
import { characterCount } from './text';

export const PASSWORD_MESSAGES = {
  tooShort: 'account.password.too-short',
  needsNumber: 'account.password.needs-number',
  needsUppercase: 'account.password.needs-uppercase',
  needsLowercase: 'account.password.needs-lowercase',
  needsSpecial: 'account.password.needs-special',
  mismatch: 'account.password.mismatch',
} as const;
export type PasswordMessageKey = (typeof PASSWORD_MESSAGES)[keyof typeof PASSWORD_MESSAGES];

/** The special characters a password must include one of. */
export const PASSWORD_SPECIALS = '!@#$%^&*';

/**
 * The first failing password rule, or null. "At least 1 letter" is implied by the upper- and
 * lower-case rules, which accept any script's cased letters.
 */
export function validatePassword(password: string, confirmation: string): PasswordMessageKey | null {
  if (characterCount(password) < LIMITS.passwordMinLength) return PASSWORD_MESSAGES.tooShort;
  if (!/\p{Nd}/u.test(password)) return PASSWORD_MESSAGES.needsNumber;
  if (!/\p{Lu}/u.test(password)) return PASSWORD_MESSAGES.needsUppercase;
  if (!/\p{Ll}/u.test(password)) return PASSWORD_MESSAGES.needsLowercase;
  if (![...PASSWORD_SPECIALS].some((special) => password.includes(special))) return PASSWORD_MESSAGES.needsSpecial;
  if (password !== confirmation) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** Which field shows the password's first failing rule: a mismatch on the confirmation, the others on the password. */
export function passwordFieldErrors(password: string, confirmation: string): { password?: PasswordMessageKey; confirmation?: PasswordMessageKey } {
  const key = validatePassword(password, confirmation);
  if (key === null) return {};
  return key === PASSWORD_MESSAGES.mismatch ? { confirmation: key } : { password: key };
}

/** Visible characters only: letters, marks, digits, punctuation, symbols (no space, control, format or lone surrogate). */
const VAT_CHARACTERS = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]*$/u;

/** Exactly 8 characters (the spec names no alphabet, so any visible characters). */
export function isValidVatNumber(value: string): boolean {
  return characterCount(value) === LIMITS.vatNumberLength && VAT_CHARACTERS.test(value);
}

/** Exactly 6 ASCII digits. */
export function isValidResetCode(value: string): boolean {
  return new RegExp(`^[0-9]{${LIMITS.resetCodeDigits}}$`).test(value);
}
