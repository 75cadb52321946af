// Passwords and login throttling (issue 12): SPEC §5's rules and the most common passwords are
// refused by the server (register and reset); failed logins are throttled per (account, IP) and per
// IP, so an attacker is slowed down but cannot lock the real user out from the user's own IP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../server/auth/commonPasswords';
import { isResetMail, mailAfter, resetCodeOf } from '../server/mailWait';
import { startServer, type TestServer } from '../server/harness';
import { figure, inject, isApiErrorBody, SERVICE } from './support';

let server: TestServer;
beforeAll(async () => { server = await startServer({ TRUST_PROXY: '1' }); });
afterAll(async () => { await server?.stop(); });

const loginFrom = (ip: string, email: string, password: string) =>
  inject(server.app, 'POST', `${SERVICE}/login`, { body: { email_address: email, password }, headers: { 'x-forwarded-for': ip } });

const register = (password: string, email = 'someone.new@example.com') => inject(server.app, 'POST', `${SERVICE}/register`, {
  body: { email_address: email, password, vendor_name: 'New Cafe', vendor_code: 'SA-NEW-1', phone_number: '+966501234567', terms_accepted: true },
});

describe('password rules on the server', () => {
  it.each([
    ['short', 'account.password.too-short'],
    ['Abcdef!x', 'account.password.needs-number'],
    ['abcdef1!', 'account.password.needs-uppercase'],
    ['ABCDEF1!', 'account.password.needs-lowercase'],
    ['Abcdefg1', 'account.password.needs-special'],
    ['Password1!', 'account.password.too-common'],
    ['P@ssw0rd1!', 'account.password.too-common'],
    ['pASSWORD123!', 'account.password.too-common'],
    ['Qwerty@123', 'account.password.too-common'],
    ['Portal!2026', 'account.password.too-common'],
  ])('refuses %s at registration with %s', async (password, key) => {
    const answer = await register(password);
    expect(answer.status).toBe(422);
    expect(isApiErrorBody(answer.body, 422)).toBe(true);
    expect((answer.body as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key).toBe(key);
  });

  it('knows the common ones in any case and leet spelling, and lets a strong one through', () => {
    for (const common of ['password1!', 'PASSWORD1!', 'Pa$$word1!', 'Welcome@123', 'Admin@123', 'Abcd@1234']) expect(isCommonPassword(common), common).toBe(true);
    for (const strong of ['Str0ng!pass', 'Kettle7#Dune', 'N3w!password']) expect(isCommonPassword(strong), strong).toBe(false);
  });

  it('refuses a common password at reset too', async () => {
    const mail = await mailAfter(server, 'other@example.com', () => inject(server.app, 'POST', `${SERVICE}/password/forgot`, { body: { email_address: 'other@example.com' } }), isResetMail);
    const code = resetCodeOf(mail);
    const answer = await inject(server.app, 'POST', `${SERVICE}/password/reset`, { body: { email_address: 'other@example.com', code, password: 'Welcome@123' } });
    expect(answer.status).toBe(422);
    expect((answer.body as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key).toBe('account.password.too-common');
  });

  it('accepts a strong password (control case)', async () => {
    expect((await register('Kettle7#Dune', 'strong.owner@example.com')).status).toBe(200);
  });
});

describe('login throttling', () => {
  it('slows a guesser on one IP down with 429 + Retry-After while the real user logs in from their own IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await loginFrom('203.0.113.10', 'vendor@example.com', `Wrong!guess${i}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect((answer.body as { message: string }).message).toBe('TooManyRequestsException');
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right password is refused on the attacker's pair while throttled...
    expect((await loginFrom('203.0.113.10', 'vendor@example.com', 'Portal!2026')).status).toBe(429);
    // ...but the real user, from their own IP, is not locked out.
    expect((await loginFrom('198.51.100.7', 'vendor@example.com', 'Portal!2026')).status).toBe(200);
  });

  it('lets a botnet (one IP per guess) try each IP 5 times, never locking the account', async () => {
    let refusedOnTheUsersIp = 0;
    let guessesAllowed = 0;
    for (let ip = 1; ip <= 40; ip += 1) {
      for (let i = 0; i < 7; i += 1) {
        const answer = await loginFrom(`192.0.2.${ip}`, 'other@example.com', `Wrong!guess${i}`);
        if (answer.status === 401) guessesAllowed += 1;
      }
      if ((await loginFrom('198.51.100.8', 'other@example.com', 'Portal!2026')).status !== 200) refusedOnTheUsersIp += 1;
    }
    figure('login throttling', `${guessesAllowed} wrong guesses allowed from 40 IPs (5 per IP and account), real user refused ${refusedOnTheUsersIp} times`);
    expect(guessesAllowed).toBe(40 * 5);
    expect(refusedOnTheUsersIp).toBe(0);
  });

  it('caps one IP spraying many accounts at 50 failures', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 55; i += 1) statuses.push((await loginFrom('203.0.113.99', `user${i}@example.com`, 'Wrong!guess1')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    expect((await loginFrom('203.0.113.100', 'vendor@example.com', 'Portal!2026')).status).toBe(200);
  });
});
