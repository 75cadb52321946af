// Accounts (issue "Accounts and business rules"): one spelling per address (trailing dot, case,
// whitespace), a vendor bound only to a verified address, UserNotConfirmedException for an
// unverified login, a throttled resend of the link that never tells who has an account, and
// /password/forgot answering before its mail goes out.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../domain/types';
import { DEMO_UNREGISTERED_VENDOR_CODE } from '../../server/db/seed';
import type { MailMessage } from '../../server/mail/mailer';
import { startServer, type TestServer } from '../server/harness';
import { mailAfter } from '../server/mailWait';

let server: TestServer;
beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: false }); });
afterAll(async () => { await server?.stop(); });

const registration = (email: string) => ({
  email_address: email, password: 'Str0ng!pass', vendor_name: 'Jeddah Corniche Cafe',
  vendor_code: DEMO_UNREGISTERED_VENDOR_CODE, phone_number: '+966501234567', terms_accepted: true,
});
const keyOf = (body: unknown) => (body as ApiErrorBody).errors[0]?.meta?.translation_key;
const linkOf = (text: string) => /(http\S+register\/verify\?token=[\w-]+)/.exec(text)?.[1] ?? '';
const vendorsOf = async (email: string) => {
  const login = await server.call('POST', '/login', { body: { email_address: email, password: 'Str0ng!pass' } });
  const { AccessToken, IdToken } = (login.body as { result: { AccessToken: string; IdToken: string } }).result;
  const vendors = await server.call('GET', '/vendors', { auth: `Bearer ${AccessToken}|${IdToken}` });
  return (vendors.body as { result: { vendors: { vendor_id: string }[] } }).result.vendors.map((v) => v.vendor_id);
};

describe('one spelling per address', () => {
  it('treats a trailing dot, case and whitespace as the same address at register, login and reset', async () => {
    for (const spelling of ['vendor@example.com.', ' VENDOR@Example.com ', 'Vendor@Example.COM.']) {
      const taken = await server.call('POST', '/register', { body: registration(spelling) });
      expect([taken.status, (taken.body as ApiErrorBody).message], spelling).toEqual([422, 'UsernameExistsException']);
      const login = await server.call('POST', '/login', { body: { email_address: spelling, password: 'Portal!2026' } });
      expect(login.status, spelling).toBe(200);
    }
    const mail = await mailAfter(server, 'other@example.com', () => server.call('POST', '/password/forgot', { body: { email_address: 'Other@Example.com.' } }));
    expect(mail.subject).toMatch(/reset/i);
  });

  it('refuses shapes no mail server delivers to', async () => {
    for (const address of ['vendor@example', 'vendor@example..com', 'ven dor@example.com', 'vendor\u200b@example.com', 'a@b@example.com']) {
      expect(keyOf((await server.call('POST', '/register', { body: registration(address) })).body), address).toBe('register.error.wrong-email');
    }
  });
});

describe('a vendor code is bound only to a verified address', () => {
  it('lets an unverified sign-up take nothing: the first to verify gets the vendor', async () => {
    const squatter = await mailAfter(server, 'squatter@example.com', () => server.call('POST', '/register', { body: registration('squatter@example.com') }));
    // The real owner can still sign up with the code while the squatter has not verified.
    const owner = await mailAfter(server, 'owner@example.com', async () => {
      expect((await server.call('POST', '/register', { body: registration('owner@example.com') })).status).toBe(200);
    });
    const unverified = await server.call('POST', '/login', { body: { email_address: 'owner@example.com', password: 'Str0ng!pass' } });
    expect([unverified.status, (unverified.body as ApiErrorBody).message, keyOf(unverified.body)]).toEqual([403, 'UserNotConfirmedException', 'auth.UserNotConfirmedException']);
    // A wrong password learns nothing about the account's state.
    const wrong = await server.call('POST', '/login', { body: { email_address: 'owner@example.com', password: 'Wrong!pass1' } });
    expect((wrong.body as ApiErrorBody).message).toBe('NotAuthorizedException');

    expect((await fetch(linkOf(owner.text), { redirect: 'manual' })).headers.get('location')).toBe('/connect?verified=1');
    expect(await vendorsOf('owner@example.com')).toEqual(['sa-5000']);
    // Verified later, the squatter gets an account without the vendor; the code is used up.
    expect((await fetch(linkOf(squatter.text), { redirect: 'manual' })).headers.get('location')).toBe('/connect?verified=1');
    expect(await vendorsOf('squatter@example.com')).toEqual([]);
    expect(keyOf((await server.call('POST', '/register', { body: registration('third@example.com') })).body)).toBe('register.error.outlet-already-registered');
  });
});

describe('POST /register/resend', () => {
  it('mails a fresh link to an unverified address, answers true for any address, and is throttled per address', async () => {
    // A second free vendor code (the demo's is used up above).
    const db = server.app.db;
    const free = await db.selectFrom('vendors').selectAll().where('vendor_id', '=', 'sa-5000').executeTakeFirstOrThrow();
    await db.insertInto('vendors').values({ ...free, vendor_id: 'sa-5001', vendor_code: 'SA-NEW-2', is_registered: 0 }).execute();
    const original = await mailAfter(server, 'late@example.com', () => server.call('POST', '/register', { body: { ...registration('late@example.com'), vendor_code: 'SA-NEW-2' } }));
    const resent = await mailAfter(server, 'late@example.com', async () => {
      expect((await server.call('POST', '/register/resend', { body: { email_address: 'Late@Example.com.' } })).body).toEqual({ result: true });
    });
    expect(linkOf(resent.text)).not.toBe(linkOf(original.text));
    expect((await fetch(linkOf(resent.text), { redirect: 'manual' })).headers.get('location')).toBe('/connect?verified=1');

    const before = (await server.outbox()).length;
    for (const address of ['nobody@example.com', 'vendor@example.com', 'late@example.com']) {
      expect((await server.call('POST', '/register/resend', { body: { email_address: address } })).body, address).toEqual({ result: true });
    }
    expect(await server.call('POST', '/register/resend', { body: { email_address: 'not an address' } }).then((r) => r.body)).toEqual({ result: true });
    // Nothing to send for an unknown or an already verified address (waited for by the next mail below).
    const pending = await mailAfter(server, 'pending@example.com', async () => {
      await db.insertInto('accounts').values({ account_id: 'pending-1', email: 'pending@example.com', password_hash: 'x', phone_number: '', verified_at: null, sessions_revoked_at: null, created_at: 0 }).execute();
      for (let i = 0; i < 8; i += 1) expect((await server.call('POST', '/register/resend', { body: { email_address: 'pending@example.com' } })).body).toEqual({ result: true });
    });
    expect(pending.to).toContain('pending@example.com');
    const mails = (await server.outbox()).slice(before);
    expect(mails.filter((m) => !m.to.includes('pending@example.com'))).toEqual([]);
    expect(mails.filter((m) => m.to.includes('pending@example.com')).length).toBeLessThanOrEqual(5);
  });
});

describe('POST /password/forgot', () => {
  it('answers before the mail is sent: a mailer that never finishes delays nothing', async () => {
    const sent: MailMessage[] = [];
    const stalled = await startServer({ COURIER_SIM_SPEED: '0' }, { mailer: { send: (message) => { sent.push(message); return new Promise<void>(() => {}); } } });
    try {
      const answer = await stalled.call('POST', '/password/forgot', { body: { email_address: 'vendor@example.com' } });
      expect(answer.body).toEqual({ result: true });
      const unknown = await stalled.call('POST', '/password/forgot', { body: { email_address: 'nobody@example.com' } });
      expect(unknown.body).toEqual({ result: true });
      await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual(['vendor@example.com']));
    } finally {
      await stalled.stop();
    }
  });
});
