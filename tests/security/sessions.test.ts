// Sessions and tokens (issue 12): logout and disabling stop a session at its next request, even in
// the second the token was issued; every forged or misused JWT is refused: alg none, RS/HS algorithm
// confusion, a forged kid, expired, not yet valid, wrong issuer/audience/typ, one kind for another.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/harness';
import { resultOf } from '../server/orders-fixtures';
import { figure, inject, SERVICE } from './support';

let server: TestServer;
beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }); });
afterAll(async () => { await server?.stop(); });

interface LoginResult { AccessToken: string; IdToken: string; RefreshToken: string }

async function login(email: string): Promise<LoginResult & { auth: string }> {
  const answer = await inject(server.app, 'POST', `${SERVICE}/login`, { body: { email_address: email, password: 'Portal!2026' } });
  expect(answer.status).toBe(200);
  const result = resultOf<LoginResult>(answer.body);
  return { ...result, auth: `Bearer ${result.AccessToken}|${result.IdToken}` };
}
const vendors = (auth: string) => inject(server.app, 'GET', `${SERVICE}/vendors`, { auth });
const extend = (refreshToken: string) => inject(server.app, 'POST', `${SERVICE}/login/extend`, { body: { refresh_token: refreshToken } });
const ops = (path: string, body: unknown) => inject(server.app, 'POST', `/ops${path}`, { auth: `Ops ${server.opsToken}`, body });

describe('sessions end at once', () => {
  it('refuses the access token, the id token pair and the refresh token right after logout (same second)', async () => {
    const session = await login('other@example.com');
    const second = await login('other@example.com');
    expect((await vendors(session.auth)).status).toBe(200);
    expect((await inject(server.app, 'POST', `${SERVICE}/logout`, { auth: session.auth, body: {} })).status).toBe(200);
    // No waiting: the very next requests, usually within the same second as the login.
    expect((await vendors(session.auth)).status).toBe(401);
    expect((await vendors(`Bearer ${session.AccessToken}`)).status).toBe(401);
    expect((await extend(session.RefreshToken)).status).toBe(401);
    // Logout is global: the other device's session ends too.
    expect((await vendors(second.auth)).status).toBe(401);
    expect((await extend(second.RefreshToken)).status).toBe(401);
    // A new login works again.
    expect((await vendors((await login('other@example.com')).auth)).status).toBe(200);
  });

  it('refuses tokens refreshed from a session once it is logged out', async () => {
    const session = await login('other@example.com');
    const refreshed = resultOf<{ AuthenticationResult: { AccessToken: string; IdToken: string } }>((await extend(session.RefreshToken)).body).AuthenticationResult;
    const refreshedAuth = `Bearer ${refreshed.AccessToken}|${refreshed.IdToken}`;
    expect((await vendors(refreshedAuth)).status).toBe(200);
    await inject(server.app, 'POST', `${SERVICE}/logout`, { auth: session.auth, body: {} });
    expect((await vendors(refreshedAuth)).status).toBe(401);
  });

  it('stops a disabled user at the next request: tokens, refresh, login and password reset', async () => {
    const session = await login('vendor@example.com');
    expect((await vendors(session.auth)).status).toBe(200);
    expect((await ops('/accounts/disable', { email_address: 'vendor@example.com' })).status).toBe(200);
    expect((await vendors(session.auth)).status).toBe(401);
    expect((await extend(session.RefreshToken)).status).toBe(401);
    const refused = await inject(server.app, 'POST', `${SERVICE}/login`, { body: { email_address: 'vendor@example.com', password: 'Portal!2026' } });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([401, 'NotAuthorizedException']);
    const mailsBefore = (await server.outbox()).length;
    expect((await inject(server.app, 'POST', `${SERVICE}/password/forgot`, { body: { email_address: 'vendor@example.com' } })).status).toBe(200);
    expect((await server.outbox()).length).toBe(mailsBefore);
    // Enabling lets a new login in; the old session stays dead.
    expect((await ops('/accounts/enable', { email_address: 'vendor@example.com' })).status).toBe(200);
    expect((await vendors(session.auth)).status).toBe(401);
    expect((await vendors((await login('vendor@example.com')).auth)).status).toBe(200);
  });

  it('drops a vendor from a session at once when the account is unlinked from it', async () => {
    const session = await login('other@example.com');
    const orders = `${SERVICE}/vendor/kw-4000/orders?count=30`;
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/kw-4000`, { auth: session.auth })).status).toBe(200);
    expect((await inject(server.app, 'GET', orders, { auth: session.auth })).status).toBe(200);
    const account = await server.app.db.selectFrom('accounts').select('account_id').where('email', '=', 'other@example.com').executeTakeFirstOrThrow();
    await server.app.db.deleteFrom('account_vendors').where('account_id', '=', account.account_id).where('vendor_id', '=', 'kw-4000').execute();
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/kw-4000`, { auth: session.auth })).status).toBe(403);
    // The order list reads no vendor row of its own for a member: the reach read for this request decides.
    expect((await inject(server.app, 'GET', orders, { auth: session.auth })).status).toBe(403);
    await server.app.db.insertInto('account_vendors').values({ account_id: account.account_id, vendor_id: 'kw-4000' }).execute();
  });
});

describe('forged and misused tokens', () => {
  const secret = () => new TextEncoder().encode(server.config.secrets.jwtSecret);
  const nowS = () => Math.floor(Date.now() / 1000);
  let subject = '';
  beforeAll(async () => {
    subject = (await server.app.db.selectFrom('accounts').select('account_id').where('email', '=', 'other@example.com').executeTakeFirstOrThrow()).account_id;
  });
  const claims = () => new SignJWT({ email: 'other@example.com', restaurant_id: 'sg-2000' }).setIssuer('courier-portal').setSubject(subject);

  it('accepts a well-formed access token and GoDroid token (control cases)', async () => {
    const access = await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').setIssuedAt().setExpirationTime('1h').sign(secret());
    expect((await vendors(`Bearer ${access}`)).status).toBe(200);
    const godroid = await claims().setProtectedHeader({ alg: 'HS256', typ: 'godroid+jwt' }).setAudience('godroid').setIssuedAt().setExpirationTime('1h').sign(secret());
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000`, { auth: `GoDroid ${godroid}` })).status).toBe(200);
  });

  it('refuses every forgery with 401 NotAuthorizedException, as Bearer and as GoDroid', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const forgeries: Record<string, string> = {
      'alg none': new UnsecuredJWT({ email: 'other@example.com', restaurant_id: 'sg-2000' }).setIssuer('courier-portal').setSubject(subject).setAudience('portal').setExpirationTime('1h').encode(),
      'RS256 with an attacker key': await claims().setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).setAudience('portal').setExpirationTime('1h').sign(privateKey),
      'HS256 keyed with a public key (confusion)': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').setExpirationTime('1h').sign(new TextEncoder().encode(publicPem)),
      'forged kid': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: '../../../../dev/null' }).setAudience('portal').setExpirationTime('1h').sign(new Uint8Array(32)),
      'HS512 with the right key': await claims().setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).setAudience('portal').setExpirationTime('1h').sign(new TextEncoder().encode(server.config.secrets.jwtSecret.padEnd(64, '0'))),
      expired: await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').setIssuedAt(nowS() - 7200).setExpirationTime(nowS() - 60).sign(secret()),
      'not yet valid': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').setNotBefore(nowS() + 3600).setExpirationTime('2h').sign(secret()),
      'no expiry': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').sign(secret()),
      'wrong issuer': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setIssuer('someone-else').setAudience('portal').setExpirationTime('1h').sign(secret()),
      'wrong audience': await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('help-centre').setExpirationTime('1h').sign(secret()),
      'id token as access token': await claims().setProtectedHeader({ alg: 'HS256', typ: 'id+jwt' }).setAudience('portal').setExpirationTime('1h').sign(secret()),
      'help-centre token as access token': await claims().setProtectedHeader({ alg: 'HS256', typ: 'hc+jwt' }).setAudience('help-centre').setExpirationTime('1h').sign(secret()),
      'guest typ with portal audience': await claims().setProtectedHeader({ alg: 'HS256', typ: 'guest+jwt' }).setAudience('portal').setExpirationTime('1h').sign(secret()),
      'tampered payload': await (async () => {
        const good = await claims().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('portal').setExpirationTime('1h').sign(secret());
        const [head, , signature] = good.split('.');
        const payload = Buffer.from(JSON.stringify({ sub: 'demo-vendor', iss: 'courier-portal', aud: 'portal', exp: nowS() + 3600 })).toString('base64url');
        return `${head}.${payload}.${signature}`;
      })(),
      garbage: 'a.b.c',
    };
    const accepted: string[] = [];
    for (const [name, token] of Object.entries(forgeries)) {
      for (const auth of [`Bearer ${token}`, `GoDroid ${token}`, `Bearer ${token}|${token}`]) {
        const answer = await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000`, { auth });
        if (answer.status !== 401 || (answer.body as { message?: string }).message !== 'NotAuthorizedException') accepted.push(`${name} (${auth.split(' ')[0]}) -> ${answer.status}`);
      }
    }
    figure('token forgeries', `${accepted.length} accepted of ${Object.keys(forgeries).length * 3}`);
    expect(accepted).toEqual([]);
  });

  it('keeps the kinds apart: an access token is not a GoDroid token, a GoDroid token is not a session', async () => {
    const session = await login('other@example.com');
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000`, { auth: `GoDroid ${session.AccessToken}` })).status).toBe(401);
    const godroid = await ops('/godroid-token', { vendor_id: 'sg-2000' });
    const token = (godroid.body as { token: string }).token;
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000`, { auth: `Bearer ${token}` })).status).toBe(401);
    const guest = await inject(server.app, 'POST', `${SERVICE}/guest/session`, { body: { name: 'G', email: 'g@example.com', phone_number: '+966500000000', country_code: 'SA' } });
    const guestToken = resultOf<{ token: string }>(guest.body).token;
    expect((await inject(server.app, 'GET', `${SERVICE}/vendor/sg-2000`, { auth: `GoDroid ${guestToken}` })).status).toBe(401);
  });
});
