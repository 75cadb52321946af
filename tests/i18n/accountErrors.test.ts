// Every failure API.md lists for login, register and password reset (the identity-provider codes and
// our own translation keys) explains itself in every language: no raw key or code reaches a screen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERROR_KEYS, authErrorKey, IDENTITY_PROVIDER_CODES } from '../../domain/authErrors';
import { LOCALES } from '../../domain/locales';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';

const shownKeys = [...IDENTITY_PROVIDER_CODES.map(authErrorKey), ...ACCOUNT_ERROR_KEYS.map(authErrorKey)];

describe('account error messages', () => {
  it('maps a bare provider code and its auth.-prefixed key to the same key, once prefixed', () => {
    expect(authErrorKey('CodeMismatchException')).toBe('auth.CodeMismatchException');
    expect(authErrorKey('auth.CodeMismatchException')).toBe('auth.CodeMismatchException');
    expect(authErrorKey('register.error.vendor-missing')).toBe('register.error.vendor-missing');
  });

  it('lists every translation key the account routes answer', () => {
    const routes = readFileSync('server/routes/account.ts', 'utf8') + readFileSync('domain/account.ts', 'utf8');
    const answered = new Set(routes.match(/'(?:register\.error|account\.password)\.[a-z-]+'/g)?.map((quoted) => quoted.slice(1, -1)));
    expect([...answered].filter((key) => !(ACCOUNT_ERROR_KEYS as readonly string[]).includes(key))).toEqual([]);
  });

  it.each(LOCALES)('%s has a message for each of them', (locale) => {
    const catalogue = readCatalogue(locale);
    const missing = shownKeys.filter((key) => typeof catalogue[key] !== 'string' || catalogue[key].trim() === '' || catalogue[key] === key);
    expect(missing).toEqual([]);
  });
});
