// SPEC.md §7/§8: login failures show as toast 'auth.{error message}'; our own keys pass as they are.
import { describe, expect, it } from 'vitest';
import { IDENTITY_PROVIDER_CODES, authErrorKey } from '../../domain';

describe('authErrorKey (SPEC §8 login errors)', () => {
  it.each(IDENTITY_PROVIDER_CODES)('the identity-provider code %s is shown through its auth.* key', (code) => {
    expect(authErrorKey(code)).toBe(`auth.${code}`);
  });

  it('passes on a key that already is one, and a text that is no code, unchanged', () => {
    expect(authErrorKey('auth.CodeMismatchException')).toBe('auth.CodeMismatchException');
    expect(authErrorKey('register.error.email-already-registered')).toBe('register.error.email-already-registered');
    expect(authErrorKey('Something went wrong')).toBe('Something went wrong');
    expect(authErrorKey('notauthorizedexception')).toBe('notauthorizedexception');
  });
});
