import { describe, expect, it } from 'vitest';
import { isValidResetCode, isValidVatNumber, passwordFieldErrors, validatePassword } from '../../domain';

describe('password (SPEC §5 account)', () => {
  it('accepts an 8-character password with a number, an upper, a lower and a special character', () => {
    expect(validatePassword('Portal!2', 'Portal!2')).toBeNull();
  });

  it.each([
    ['Portal!', 'account.password.too-short'],
    ['Portal!!', 'account.password.needs-number'],
    ['portal!2', 'account.password.needs-uppercase'],
    ['PORTAL!2', 'account.password.needs-lowercase'],
    ['Portal22', 'account.password.needs-special'],
    ['Portal?2', 'account.password.needs-special'],
  ])('%s -> %s', (password, key) => {
    expect(validatePassword(password, password)).toBe(key);
  });

  it.each([...'!@#$%^&*'])('accepts %s as the special character', (special) => {
    expect(validatePassword(`Portal${special}2`, `Portal${special}2`)).toBeNull();
  });

  it('requires the two passwords to match', () => {
    expect(validatePassword('Portal!2026', 'Portal!2025')).toBe('account.password.mismatch');
  });
});

describe('VAT number and reset code (SPEC §5 account)', () => {
  it.each([
    ['12345678', true],
    ['AB345678', true],
    ['1234567', false],
    ['123456789', false],
    ['1234 678', false],
    ['SA-12/34', true],
    ['١٢٣٤٥٦٧٨', true],
    ['1234567\u0000', false],
    ['1234567\u200b', false],
    ['1234567\ud800', false],
  ])('VAT %j -> %s', (vat, ok) => expect(isValidVatNumber(vat)).toBe(ok));

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['١٢٣٤٥٦', false],
  ])('reset code %j -> %s', (code, ok) => expect(isValidResetCode(code)).toBe(ok));
});

describe('passwordFieldErrors (the register and reset forms)', () => {
  it('shows a mismatch on the confirmation and every other rule on the password', () => {
    expect(passwordFieldErrors('Portal!2026', 'Portal!2027')).toEqual({ confirmation: 'account.password.mismatch' });
    expect(passwordFieldErrors('short', 'short')).toEqual({ password: 'account.password.too-short' });
    expect(passwordFieldErrors('Portal!2026', 'Portal!2026')).toEqual({});
  });
});
