// The account answers serialise through their schemas (domain/api/account.ts), which drop what they
// do not declare: each answer must still carry every field the app keeps (adapters/storage/
// sessionStorage.ts, adapters/http/apiClient.ts), with the right types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestSession, LoginResult, Registration, SessionExtension } from '../../domain/api';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';
import { resultOf } from './orders-fixtures';

let server: TestServer;
beforeAll(async () => { server = await startServer({}, {}, { listen: false }); });
afterAll(async () => { await server?.stop(); });

describe('account answers', () => {
  it('POST /login and POST /login/extend answer the user and every token the app keeps', async () => {
    const login = await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const session = resultOf<LoginResult>(login.body);
    expect(session).toEqual({
      user: { id: expect.any(String), email: 'vendor@example.com', email_verified: true },
      AccessToken: expect.any(String), IdToken: expect.any(String), RefreshToken: expect.any(String), Expires: expect.any(Number),
    });
    const extend = await server.call('POST', '/login/extend', { body: { refresh_token: session.RefreshToken } });
    expect(resultOf<SessionExtension>(extend.body)).toEqual({
      AuthenticationResult: { AccessToken: expect.any(String), IdToken: expect.any(String), ExpiresIn: expect.any(Number) },
    });
    const logout = await server.call('POST', '/logout', { auth: `Bearer ${session.AccessToken}|${session.IdToken}`, body: {} });
    expect(logout.body).toEqual({ result: true });
  });

  it('POST /register, /password/forgot and /guest/session answer what the app reads', async () => {
    const register = await server.call('POST', '/register', {
      body: { email_address: 'answers@example.com', password: 'Sunny-Harbour-42!', vendor_name: 'New shop', vendor_code: 'SA-NEW-1', phone_number: '+966501112233', terms_accepted: true },
    });
    expect(register.status).toBe(200);
    expect(resultOf<Registration>(register.body)).toEqual({ user_id: expect.any(String) });
    expect((await server.call('POST', '/password/forgot', { body: { email_address: 'nobody@example.com' } })).body).toEqual({ result: true });
    const guest = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'g@example.com', phone_number: '+966501112233', country_code: 'SA' } });
    expect(resultOf<GuestSession>(guest.body)).toEqual({ token: expect.any(String), expires: expect.any(Number) });
  });

  it('GET /register/verify redirects, with no body, and failures keep API.md\'s error shape', async () => {
    const verify = await server.call('GET', '/register/verify?token=unknown');
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/connect?verified=expired');
    const wrong = await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: 'NotAuthorizedException', errors: [{ code: expect.any(String), meta: { translation_key: expect.any(String) } }] });
  });
});
