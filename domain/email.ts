// One rule for e-mail addresses, used by registration, login, password reset and resend on the
// server and by the browser's forms: the same address always has one spelling (so
// `Vendor@Example.com.` cannot become a second account or claim a vendor twice) and a shape a mail
// server can deliver to. Delivery (the verification link) proves the rest.

/** RFC 5321 limits. */
const MAX_ADDRESS_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const MAX_LABEL_LENGTH = 63;

/**
 * The canonical spelling: Unicode NFC, surrounding whitespace removed, lower case (mailbox names
 * are case-insensitive at every provider we deliver to), and the root dot of a fully qualified
 * domain (`example.com.`) dropped.
 */
export function normaliseEmailAddress(raw: string): string {
  const trimmed = raw.normalize('NFC').trim().toLowerCase();
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** The domain in ASCII (internationalised names through the platform's IDNA), or null when it is no host name. */
function asciiDomain(domain: string): string | null {
  if (domain === '' || /[\s/?#\\:@[\]%]/u.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A top-level domain is letters (or an IDNA `xn--` label), never digits only. */
const TOP_LEVEL = /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/;
/** Anything but whitespace, control characters and the characters that need quoting. */
const LOCAL_PART = /^[^\s\p{Cc}\p{Cf}@"(),:;<>[\]\\]+$/u;

/** True for a normalised address (normaliseEmailAddress) with a deliverable shape. */
export function isValidEmailAddress(address: string): boolean {
  if (address.length > MAX_ADDRESS_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.indexOf('@') !== at) return false;
  const local = address.slice(0, at);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const domain = asciiDomain(address.slice(at + 1));
  if (domain === null) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}

/** The e-mail field's message key for what was typed: empty, not an address, or null when valid. */
export function emailFieldError(typed: string): 'validation.fill-email' | 'validation.invalid-email' | null {
  if (typed.trim() === '') return 'validation.fill-email';
  return isValidEmailAddress(normaliseEmailAddress(typed)) ? null : 'validation.invalid-email';
}
