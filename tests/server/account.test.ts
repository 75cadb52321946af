// Account contract (API.md "Account") over real HTTP.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_UNREGISTERED_VENDOR_CODE } from '../../server/db/seed';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { isResetMail, mailAfter, resetCodeOf } from './mailWait';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.stop(); });

interface ErrorBody { status: number; message: string; errors: { code: string; field?: string; meta: { translation_key: string } }[] }
interface LoginResult { result: { user: { id: string; email: string; email_verified: boolean }; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number } }

const registration = (overrides: Record<string, unknown> = {}) => ({
  email_address: 'new.owner@example.com', password: 'Str0ng!pass', vendor_name: 'Jeddah Corniche Cafe',
  vendor_code: DEMO_UNREGISTERED_VENDOR_CODE, phone_number: '+966501234567', terms_accepted: true, ...overrides,
});

const translationKey = (body: unknown) => (body as ErrorBody).errors[0]?.meta.translation_key;

describe('POST /register and the verification link', () => {
  it('rejects a weak password, an unknown vendor code, a registered email and a bad email shape with translation keys', async () => {
    const weak = await server.call('POST', '/register', { body: registration({ password: 'short' }) });
    expect(weak.status).toBe(422);
    expect(translationKey(weak.body)).toMatch(/\S/);
    const unknownCode = await server.call('POST', '/register', { body: registration({ vendor_code: 'NOPE-1' }) });
    expect(translationKey(unknownCode.body)).toBe('register.error.vendor-missing');
    const taken = await server.call('POST', '/register', { body: registration({ email_address: 'VENDOR@example.com' }) });
    expect(taken.status).toBe(422);
    expect(translationKey(taken.body)).toBe('register.error.email-already-registered');
    expect((taken.body as ErrorBody).message).toBe('UsernameExistsException');
    const wrongEmail = await server.call('POST', '/register', { body: registration({ email_address: 'not-an-email' }) });
    expect(translationKey(wrongEmail.body)).toBe('register.error.wrong-email');
    const noTerms = await server.call('POST', '/register', { body: registration({ terms_accepted: false }) });
    expect(noTerms.status).toBe(422);
  });

  it('registers with the vendor code, mails a link that verifies once and binds the vendor, and the code cannot be used twice', async () => {
    const created = await server.call('POST', '/register', { body: registration() });
    expect(created.status).toBe(200);
    const userId = (created.body as { result: { user_id: string } }).result.user_id;
    expect(userId).toMatch(/\S/);

    const mail = await vi.waitFor(async () => {
      const found = (await server.outbox()).find((m) => m.to.includes('new.owner@example.com'));
      if (!found) throw new Error('no verification mail yet');
      return found;
    });
    const link = /(http\S+register\/verify\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    // From the brand, not a generic portal (README: MAIL_FROM overrides it).
    expect(mail?.from).toBe('HungerStation Send <no-reply@hungerstation.localhost>');
    // Unverified: the right password learns that the address waits (API.md UserNotConfirmedException).
    const before = await server.call('POST', '/login', { body: { email_address: 'new.owner@example.com', password: 'Str0ng!pass' } });
    expect([before.status, (before.body as ErrorBody).message]).toEqual([403, 'UserNotConfirmedException']);

    const verified = await fetch(link as string, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/connect?verified=1');
    const reused = await fetch(link as string, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe('/connect?verified=expired');
    const forged = await server.call('GET', '/register/verify?token=forged');
    expect(forged.headers.get('location')).toBe('/connect?verified=expired');

    const again = await server.call('POST', '/register', { body: registration({ email_address: 'second@example.com' }) });
    expect(translationKey(again.body)).toBe('register.error.outlet-already-registered');

    const login = await server.call('POST', '/login', { body: { email_address: 'new.owner@example.com', password: 'Str0ng!pass' } });
    const result = (login.body as LoginResult).result;
    expect(result.user).toEqual({ id: userId, email: 'new.owner@example.com', email_verified: true });
    const vendors = await server.call('GET', '/vendors', { auth: `Bearer ${result.AccessToken}|${result.IdToken}` });
    expect((vendors.body as { result: { vendors: { vendor_id: string }[] } }).result.vendors.map((v) => v.vendor_id)).toEqual(['sa-5000']);
  });
});

describe('POST /login, /login/extend and /logout', () => {
  it('answers tokens and an expiry about an hour ahead', async () => {
    const response = await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: DEMO_PASSWORD } });
    expect(response.status).toBe(200);
    const { result } = response.body as LoginResult;
    expect(result.user.email).toBe('vendor@example.com');
    expect(result.AccessToken.split('.')).toHaveLength(3);
    expect(result.IdToken.split('.')).toHaveLength(3);
    expect(result.RefreshToken.length).toBeGreaterThan(20);
    expect(result.Expires - Date.now() / 1000).toBeGreaterThan(3500);
  });

  it('answers NotAuthorizedException alike for a wrong password and an unknown email', async () => {
    const wrong = await server.call('POST', '/login', { body: { email_address: 'other@example.com', password: 'Wrong!pass1' } });
    const unknown = await server.call('POST', '/login', { body: { email_address: 'nobody@example.com', password: 'Wrong!pass1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((wrong.body as ErrorBody).message).toBe('NotAuthorizedException');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('extends with the refresh token (not rotated), and logout revokes it and the access token', async () => {
    const login = (await server.call('POST', '/login', { body: { email_address: 'other@example.com', password: DEMO_PASSWORD } })).body as LoginResult;
    const extended = await server.call('POST', '/login/extend', { body: { refresh_token: login.result.RefreshToken } });
    expect(extended.status).toBe(200);
    const auth = (extended.body as { result: { AuthenticationResult: { AccessToken: string; IdToken: string; ExpiresIn: number } } }).result.AuthenticationResult;
    expect(auth.ExpiresIn).toBe(3600);
    const header = `Bearer ${auth.AccessToken}|${auth.IdToken}`;
    expect((await server.call('GET', '/vendors', { auth: header })).status).toBe(200);

    // Sessions revoked at second precision: move the server clock a second on so the tokens predate the logout.
    advanceClock(server, 1);
    const logout = await server.call('POST', '/logout', { auth: header, body: {} });
    expect(logout.body).toEqual({ result: true });
    const afterLogout = await server.call('POST', '/login/extend', { body: { refresh_token: login.result.RefreshToken } });
    expect(afterLogout.status).toBe(401);
    expect((await server.call('GET', '/vendors', { auth: header })).status).toBe(401);
    expect((await server.call('POST', '/logout', { body: {} })).status).toBe(401);
  });

  it('answers 401 for an unknown refresh token', async () => {
    const response = await server.call('POST', '/login/extend', { body: { refresh_token: 'not-a-token' } });
    expect(response.status).toBe(401);
    expect((response.body as ErrorBody).message).toBe('NotAuthorizedException');
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after repeated failures from one IP, while another IP can still log in', async () => {
    const limited = await startServer({ TRUST_PROXY: '1' });
    try {
      const attempt = (ip: string, password: string) => limited.call('POST', '/login', {
        body: { email_address: 'vendor@example.com', password }, headers: { 'x-forwarded-for': ip },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await attempt('203.0.113.7', 'Wrong!pass1')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      const blocked = await attempt('203.0.113.7', DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((blocked.body as ErrorBody).message).toBe('TooManyRequestsException');
      // The real user on another IP is not locked out by the attacker.
      expect((await attempt('198.51.100.20', DEMO_PASSWORD)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('password reset', () => {
  it('always answers true, mails a 6-digit code, rejects a wrong code, then resets and ends old sessions', async () => {
    expect((await server.call('POST', '/password/forgot', { body: { email_address: 'nobody@example.com' } })).body).toEqual({ result: true });
    const oldLogin = (await server.call('POST', '/login', { body: { email_address: 'new.owner@example.com', password: 'Str0ng!pass' } })).body as LoginResult;
    const mail = await mailAfter(server, 'new.owner@example.com', async () => {
      expect((await server.call('POST', '/password/forgot', { body: { email_address: 'New.Owner@example.com' } })).body).toEqual({ result: true });
    }, isResetMail);
    const code = resetCodeOf(mail);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const mismatch = await server.call('POST', '/password/reset', { body: { email_address: 'new.owner@example.com', code: wrongCode, password: 'N3w!password' } });
    expect(mismatch.status).toBe(422);
    expect((mismatch.body as ErrorBody).message).toBe('CodeMismatchException');
    const malformed = await server.call('POST', '/password/reset', { body: { email_address: 'new.owner@example.com', code: '12ab', password: 'N3w!password' } });
    expect((malformed.body as ErrorBody).message).toBe('CodeMismatchException');
    const weak = await server.call('POST', '/password/reset', { body: { email_address: 'new.owner@example.com', code, password: 'weak' } });
    expect((weak.body as ErrorBody).message).toBe('InvalidParameterException');

    advanceClock(server, 1);
    const reset = await server.call('POST', '/password/reset', { body: { email_address: 'new.owner@example.com', code, password: 'N3w!password' } });
    expect(reset.body).toEqual({ result: true });
    const reused = await server.call('POST', '/password/reset', { body: { email_address: 'new.owner@example.com', code, password: 'N3w!password2' } });
    expect((reused.body as ErrorBody).message).toBe('CodeMismatchException');
    expect((await server.call('POST', '/login/extend', { body: { refresh_token: oldLogin.result.RefreshToken } })).status).toBe(401);
    const relogin = await server.call('POST', '/login', { body: { email_address: 'new.owner@example.com', password: 'N3w!password' } });
    expect(relogin.status).toBe(200);
  });

  it('answers ExpiredCodeException after too many wrong codes', async () => {
    const mail = await mailAfter(server, 'other@example.com', () => server.call('POST', '/password/forgot', { body: { email_address: 'other@example.com' } }), isResetMail);
    const code = resetCodeOf(mail);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await server.call('POST', '/password/reset', { body: { email_address: 'other@example.com', code: wrongCode, password: 'N3w!password' } });
    }
    const locked = await server.call('POST', '/password/reset', { body: { email_address: 'other@example.com', code, password: 'N3w!password' } });
    expect((locked.body as ErrorBody).message).toBe('ExpiredCodeException');
  });
});

describe('POST /guest/session', () => {
  it('answers a 24 h guest token that authenticates as a guest', async () => {
    const response = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'g@example.com', phone_number: '+966501112233', country_code: 'SA' } });
    expect(response.status).toBe(200);
    const { token, expires } = (response.body as { result: { token: string; expires: number } }).result;
    expect(expires - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    const vendors = await server.call('GET', '/vendors', { auth: `Bearer ${token}` });
    expect(vendors.body).toEqual({ result: { vendors: [] } });
    expect((await server.call('GET', '/vendor/sa-1000', { auth: `Bearer ${token}` })).status).toBe(403);
  });

  it('rejects an unsupported country', async () => {
    const response = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'g@example.com', phone_number: '1', country_code: 'ZZ' } });
    expect(response.status).toBe(422);
  });
});

describe('ACCESS_TOKEN_TTL_S', () => {
  const expOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number });

  it('sets the life of access and id tokens and the Expires and ExpiresIn answers', async () => {
    const short = await startServer({ ACCESS_TOKEN_TTL_S: '120' });
    try {
      const login = await short.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: DEMO_PASSWORD } });
      const { result } = login.body as LoginResult;
      const access = expOf(result.AccessToken);
      expect(access.exp - access.iat).toBe(120);
      expect(expOf(result.IdToken).exp).toBe(access.exp);
      expect(result.Expires).toBe(access.exp);
      const extended = await short.call('POST', '/login/extend', { body: { refresh_token: result.RefreshToken } });
      const renewed = (extended.body as { result: { AuthenticationResult: { AccessToken: string; ExpiresIn: number } } }).result.AuthenticationResult;
      expect(renewed.ExpiresIn).toBe(120);
      const renewedExp = expOf(renewed.AccessToken);
      expect(renewedExp.exp - renewedExp.iat).toBe(120);
    } finally {
      await short.stop();
    }
  });

  it('refuses a life that is not a whole number of seconds of at least 1', async () => {
    await expect(startServer({ ACCESS_TOKEN_TTL_S: '0' })).rejects.toThrow(/ACCESS_TOKEN_TTL_S/);
  });
});
