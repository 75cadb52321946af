// The one e-mail rule (domain/email.ts) from SPEC.md §5 ("Vendor code and email must be verified")
// and the hardening issue (a trailing dot, case and whitespace made a second spelling of one address).
import { describe, expect, it } from 'vitest';
import { emailFieldError, isValidEmailAddress, normaliseEmailAddress } from '../../domain/email';

describe('normaliseEmailAddress', () => {
  it('gives one spelling: trimmed, lower case, without the root dot', () => {
    for (const spelling of ['vendor@example.com', ' Vendor@Example.COM ', 'vendor@example.com.', '\tVENDOR@EXAMPLE.COM.\n', '\u00a0vendor@example.com\u2003']) {
      expect(normaliseEmailAddress(spelling)).toBe('vendor@example.com');
    }
  });
});

describe('isValidEmailAddress', () => {
  it('accepts deliverable shapes, internationalised domains too', () => {
    for (const address of ['vendor@example.com', 'first.last+tag@mail.example.co.uk', 'x@sub-domain.example.sa', 'بائع@example.com', 'owner@bücher.de']) {
      expect(isValidEmailAddress(normaliseEmailAddress(address)), address).toBe(true);
    }
  });

  it('refuses what no mail server delivers to', () => {
    for (const address of ['', 'vendor', 'vendor@', '@example.com', 'a@b@example.com', 'vendor@example', 'vendor@example..com', 'vendor@-example.com',
      'vendor@example.c', 'vendor@example.123', 'ven dor@example.com', 'vendor@exa mple.com', '.vendor@example.com', 'ven..dor@example.com',
      'vendor\u0000@example.com', 'vendor\u200b@example.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(64)}.com`, 'vendor@example.com..']) {
      expect(isValidEmailAddress(normaliseEmailAddress(address)), JSON.stringify(address)).toBe(false);
    }
  });
});

describe('emailFieldError (the sign-in, register and reset forms)', () => {
  it.each([
    ['', 'validation.fill-email'],
    ['   ', 'validation.fill-email'],
    ['not-an-address', 'validation.invalid-email'],
    [' Vendor@Example.com ', null],
  ] as const)('%j: %s', (typed, key) => expect(emailFieldError(typed)).toBe(key));
});
