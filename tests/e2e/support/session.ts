// The session the login screen stores, made from a real POST /login, so an end-to-end test can open a
// private page already signed in (the sign-in screen itself is tested in shell.e2e.ts).
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import type { TestServer } from '../../server/harness';
import { resultOf } from '../../server/orders-fixtures';

interface LoginResult { user: { id: string; email: string }; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number }

/** localStorage for a page signed in as `email`, optionally with a language and a selected branch. */
export async function signedInStorage(
  server: TestServer,
  email = 'vendor@example.com',
  options: { locale?: string; selectedVendor?: string } = {},
): Promise<Record<string, string>> {
  const response = await server.call('POST', '/login', { body: { email_address: email, password: DEMO_PASSWORD } });
  expect(response.status, response.text).toBe(200);
  const result = resultOf<LoginResult>(response.body);
  const storage: Record<string, string> = {
    'portal.auth-user': JSON.stringify(result.user),
    'portal.auth-meta': JSON.stringify({ AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken, Expires: result.Expires }),
  };
  if (options.locale) storage['portal.locale'] = options.locale;
  if (options.selectedVendor) storage['portal.selected-vendor'] = options.selectedVendor;
  return storage;
}
