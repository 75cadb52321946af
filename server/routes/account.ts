// Account routes of API.md: register (+ verify link, resend), login, extend, logout, password
// reset, guest session. Addresses follow one domain rule (domain/email.ts). A registration's vendor
// is bound only when the address is verified (SPEC.md §5), and an unverified account's login
// answers UserNotConfirmedException (API.md) once its password is right. Mail goes out after the
// answer, so response times do not tell who has an account. See server/README.md.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  Done, EmailAddressBody, ExtendSessionBody, GuestSession, GuestSessionBody, LoginBody, LoginResult, LogoutBody, PasswordResetBody,
  Registration, RegistrationBody, Result, SessionExtension, VerificationQuery,
} from '../../domain/api';
import { isSupportedCountry, isValidEmailAddress, isValidResetCode, normaliseEmailAddress, validatePassword } from '../../domain';
import { isDisabled } from '../auth/accountStatus';
import { isCommonPassword } from '../auth/commonPasswords';
import { createLoginThrottle } from '../auth/loginThrottle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { accountOfRefreshToken, issueAccessTokens, issueRefreshToken, revokeAllSessions, sessionIdOf } from '../auth/sessions';
import { randomDigits, randomToken, safeEqual, sha256 } from '../auth/secureRandom';
import { requireUser } from '../auth/tenancy';
import { signToken } from '../auth/tokens';
import { ApiError, authError, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

const REGISTRATION_LINK_TTL_S = 24 * 3600;
const RESET_CODE_TTL_S = 15 * 60;
const RESET_CODE_MAX_ATTEMPTS = 5;
/** A password that passes §5's rules but tops the breach lists. */
const TOO_COMMON = 'account.password.too-common';

/** Verification links mailed again per address and hour (like reset codes). */
const RESEND_PER_ADDRESS = { limit: 5, windowS: 3600 };

const registerError = (key: string, field: string) => new ApiError(422, 'InvalidParameterException', { field, code: 'validation', translationKey: key });

/**
 * Binds the vendor a registration named, now that its address is verified, unless someone verified
 * first: the is_registered guard keeps the claim exclusive; the loser stays without a vendor.
 */
async function bindPendingVendor(trx: Transaction<Database>, accountId: string, now: number): Promise<void> {
  const pending = await trx.selectFrom('pending_vendor_claims').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  if (!pending) return;
  await trx.deleteFrom('pending_vendor_claims').where('account_id', '=', accountId).execute();
  const claimed = await trx.updateTable('vendors')
    .set({ is_registered: 1, business_name: pending.business_name, updated_at: now })
    .where('vendor_id', '=', pending.vendor_id).where('is_registered', '=', 0).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) {
    await trx.insertInto('account_vendors').values({ account_id: accountId, vendor_id: pending.vendor_id }).execute();
  }
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const nowS = () => app.clock.nowS();
  const { db, config, mailer } = app;
  const secret = config.secrets.jwtSecret;
  const throttle = createLoginThrottle(app.rateLimiter);

  /** Sends once the answer is on its way: a slow or failing mailer changes neither the answer nor its time. */
  const sendAfterReply = (reply: FastifyReply, send: () => Promise<void>, failure: string) => {
    reply.raw.once('finish', () => { send().catch((error: unknown) => reply.log.error({ err: error }, failure)); });
  };
  const mailVerificationLink = async (address: string, token: string) => {
    const link = `${config.publicUrl}/orders/api/v1/register/verify?token=${encodeURIComponent(token)}`;
    await mailer.send({
      to: address,
      subject: 'Confirm your email address',
      text: `Welcome! Confirm your email address within 24 hours by opening this link:\n\n${link}\n`,
    });
  };

  app.post<{ Body: RegistrationBody }>('/register', {
    schema: { body: RegistrationBody, response: { 200: Result(Registration), ...errorAnswers(400, 422) } },
  }, async (request, reply) => {
    const body = request.body;
    const address = normaliseEmailAddress(body.email_address);
    if (!body.terms_accepted) throw registerError('register.error.terms-not-accepted', 'terms_accepted');
    if (!isValidEmailAddress(address)) throw registerError('register.error.wrong-email', 'email_address');
    const passwordProblem = validatePassword(body.password, body.password);
    if (passwordProblem) throw registerError(passwordProblem, 'password');
    if (isCommonPassword(body.password)) throw registerError(TOO_COMMON, 'password');

    const vendor = await db.selectFrom('vendors').select(['vendor_id', 'is_registered'])
      .where('vendor_code', '=', body.vendor_code.trim()).executeTakeFirst();
    if (!vendor) throw registerError('register.error.vendor-missing', 'vendor_code');
    if (vendor.is_registered === 1) throw registerError('register.error.outlet-already-registered', 'vendor_code');
    const existing = await db.selectFrom('accounts').select('account_id').where('email', '=', address).executeTakeFirst();
    if (existing) {
      throw new ApiError(422, 'UsernameExistsException', { field: 'email_address', code: 'validation', translationKey: 'register.error.email-already-registered' });
    }

    const accountId = crypto.randomUUID();
    const verificationToken = randomToken();
    const now = nowS();
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values({
        account_id: accountId, email: address, password_hash: passwordHash, phone_number: body.phone_number.trim(),
        verified_at: null, sessions_revoked_at: null, created_at: now,
      }).execute();
      // The vendor waits for the verified address: an unverified sign-up takes nothing from anyone.
      await trx.insertInto('pending_vendor_claims').values({
        account_id: accountId, vendor_id: vendor.vendor_id, business_name: body.vendor_name.trim(), created_at: now,
      }).execute();
      await trx.insertInto('email_verifications').values({
        token_hash: sha256(verificationToken), account_id: accountId, expires_at: now + REGISTRATION_LINK_TTL_S, used_at: null,
      }).execute();
    }).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      // The unique email index caught a concurrent registration of the same address.
      if (error instanceof Error && /unique/i.test(error.message)) {
        throw new ApiError(422, 'UsernameExistsException', { field: 'email_address', code: 'validation', translationKey: 'register.error.email-already-registered' });
      }
      throw error;
    });

    sendAfterReply(reply, () => mailVerificationLink(address, verificationToken), 'verification mail failed');
    return { result: { user_id: accountId } };
  });

  app.get<{ Querystring: { token?: string } }>('/register/verify', {
    schema: {
      querystring: VerificationQuery,
      response: { 302: Type.Null({ description: 'To /connect?verified=1, or /connect?verified=expired for a used, expired or unknown link.' }), ...errorAnswers(400) },
    },
  }, async (request, reply) => {
    const now = nowS();
    const token = request.query.token ?? '';
    const row = token === '' ? undefined : await db.selectFrom('email_verifications').selectAll()
      .where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now) return reply.redirect('/connect?verified=expired', 302);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('email_verifications').set({ used_at: now }).where('token_hash', '=', row.token_hash).execute();
      await trx.updateTable('accounts').set({ verified_at: now }).where('account_id', '=', row.account_id).execute();
      await bindPendingVendor(trx, row.account_id, now);
    });
    return reply.redirect('/connect?verified=1', 302);
  });

  app.post<{ Body: { email_address: string; password: string } }>('/login', {
    schema: { body: LoginBody, response: { 200: Result(LoginResult), ...errorAnswers(400, 401, 403, 429) } },
  }, async (request) => {
    const address = normaliseEmailAddress(request.body.email_address);
    const now = nowS();
    // The attempt is counted before the password is checked (a failure keeps it counted).
    await throttle.reserveAttempt(address, request.ip, now);
    const account = await db.selectFrom('accounts').select(['account_id', 'email', 'password_hash', 'verified_at', 'sessions_revoked_at'])
      .where('email', '=', address).executeTakeFirst();
    const valid = await verifyPassword(account?.password_hash ?? null, request.body.password);
    // A disabled account answers like a wrong password: nothing to learn from probing.
    if (!account || !valid || isDisabled(account)) throw authError(401, 'NotAuthorizedException');
    // Only a caller who knows the password learns that the address waits for its verification.
    if (account.verified_at === null) throw authError(403, 'UserNotConfirmedException');
    await throttle.recordSuccess(address, request.ip, now);
    const RefreshToken = await issueRefreshToken(db, account.account_id, now);
    const tokens = await issueAccessTokens(secret, account, now, sessionIdOf(RefreshToken), config.accessTokenTtlS);
    return {
      result: {
        user: { id: account.account_id, email: account.email, email_verified: account.verified_at !== null },
        ...tokens,
        RefreshToken,
      },
    };
  });

  app.post<{ Body: { refresh_token: string } }>('/login/extend', {
    schema: { body: ExtendSessionBody, response: { 200: Result(SessionExtension), ...errorAnswers(400, 401) } },
  }, async (request) => {
    const now = nowS();
    const account = await accountOfRefreshToken(db, request.body.refresh_token, now);
    if (!account) throw authError(401, 'NotAuthorizedException');
    const tokens = await issueAccessTokens(secret, account, now, sessionIdOf(request.body.refresh_token), config.accessTokenTtlS);
    return { result: { AuthenticationResult: { AccessToken: tokens.AccessToken, IdToken: tokens.IdToken, ExpiresIn: tokens.Expires - now } } };
  });

  app.post<{ Body: { refresh_token?: string } }>('/logout', {
    schema: { body: LogoutBody, response: { 200: Result(Done), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const user = requireUser(request);
    // The body is `{}`: logout ends every session of the account (a global sign-out).
    await revokeAllSessions(db, user.userId, nowS());
    app.sessionEnds.notify();
    return { result: true };
  });

  app.post<{ Body: { email_address: string } }>('/register/resend', {
    schema: { body: EmailAddressBody, response: { 200: Result(Done), ...errorAnswers(400, 429) } },
  }, async (request, reply) => {
    const address = normaliseEmailAddress(request.body.email_address);
    const now = nowS();
    // Always the same answer, whether the address is unknown, verified or waiting; capped per address.
    const budget = await app.rateLimiter.hit(`resend:${address}`, RESEND_PER_ADDRESS, now);
    const account = await db.selectFrom('accounts').select(['account_id', 'verified_at', 'sessions_revoked_at']).where('email', '=', address).executeTakeFirst();
    if (account && account.verified_at === null && !isDisabled(account) && budget.allowed) {
      const token = randomToken();
      await db.insertInto('email_verifications').values({
        token_hash: sha256(token), account_id: account.account_id, expires_at: now + REGISTRATION_LINK_TTL_S, used_at: null,
      }).execute();
      sendAfterReply(reply, () => mailVerificationLink(address, token), 'verification mail failed');
    }
    return { result: true };
  });

  app.post<{ Body: { email_address: string } }>('/password/forgot', {
    schema: { body: EmailAddressBody, response: { 200: Result(Done), ...errorAnswers(400, 429) } },
  }, async (request, reply) => {
    const address = normaliseEmailAddress(request.body.email_address);
    const now = nowS();
    // Always the same answer (no account probing); a mail-bombing guard caps codes per address.
    const budget = await app.rateLimiter.hit(`forgot:${address}`, { limit: 5, windowS: 3600 }, now);
    const account = await db.selectFrom('accounts').select(['account_id', 'sessions_revoked_at']).where('email', '=', address).executeTakeFirst();
    if (account && !isDisabled(account) && budget.allowed) {
      const code = randomDigits(6);
      await db.deleteFrom('password_reset_codes').where('account_id', '=', account.account_id).execute();
      await db.insertInto('password_reset_codes').values({
        account_id: account.account_id, code_hash: sha256(`${account.account_id}:${code}`), expires_at: now + RESET_CODE_TTL_S, attempts: 0,
      }).execute();
      sendAfterReply(reply, () => mailer.send({
        to: address,
        subject: 'Your password reset code',
        text: `Your verification code is ${code}. It is valid for 15 minutes.\nIf you did not ask for it, ignore this message.\n`,
      }), 'reset mail failed');
    }
    return { result: true };
  });

  app.post<{ Body: { email_address: string; code: string; password: string } }>('/password/reset', {
    schema: { body: PasswordResetBody, response: { 200: Result(Done), ...errorAnswers(400, 422) } },
  }, async (request) => {
    const { code } = request.body;
    const address = normaliseEmailAddress(request.body.email_address);
    const now = nowS();
    if (!isValidResetCode(code)) throw authError(422, 'CodeMismatchException', undefined, 'code');
    const passwordProblem = validatePassword(request.body.password, request.body.password);
    if (passwordProblem) throw authError(422, 'InvalidParameterException', passwordProblem, 'password');
    if (isCommonPassword(request.body.password)) throw authError(422, 'InvalidParameterException', TOO_COMMON, 'password');
    const row = await db.selectFrom('password_reset_codes')
      .innerJoin('accounts', 'accounts.account_id', 'password_reset_codes.account_id')
      .select(['password_reset_codes.account_id', 'code_hash', 'expires_at', 'attempts', 'accounts.sessions_revoked_at'])
      .where('accounts.email', '=', address).executeTakeFirst();
    if (!row || isDisabled(row)) throw authError(422, 'CodeMismatchException', undefined, 'code');
    if (row.expires_at <= now || row.attempts >= RESET_CODE_MAX_ATTEMPTS) throw authError(422, 'ExpiredCodeException', undefined, 'code');
    if (!safeEqual(row.code_hash, sha256(`${row.account_id}:${code}`))) {
      await db.updateTable('password_reset_codes').set({ attempts: row.attempts + 1 }).where('account_id', '=', row.account_id).execute();
      throw authError(422, 'CodeMismatchException', undefined, 'code');
    }
    await db.updateTable('accounts').set({ password_hash: await hashPassword(request.body.password) })
      .where('account_id', '=', row.account_id).execute();
    await db.deleteFrom('password_reset_codes').where('account_id', '=', row.account_id).execute();
    await revokeAllSessions(db, row.account_id, now);
    app.sessionEnds.notify();
    return { result: true };
  });

  app.post<{ Body: GuestSessionBody }>('/guest/session', {
    schema: { body: GuestSessionBody, response: { 200: Result(GuestSession), ...errorAnswers(400, 422, 429) } },
  }, async (request) => {
    const now = nowS();
    const countryCode = request.body.country_code.toUpperCase();
    if (!isSupportedCountry(countryCode)) throw unprocessable('error.unsupported-country', 'country_code');
    const budget = await app.rateLimiter.hit(`guest:${request.ip}`, { limit: 300, windowS: 3600 }, now);
    if (!budget.allowed) throw new ApiError(429, 'TooManyRequestsException', { headers: { 'retry-after': String(budget.retryAfterS) } });
    const guestId = crypto.randomUUID();
    const { token, expiresAt } = await signToken(secret, 'guest', guestId, { country: countryCode }, now);
    await db.insertInto('guest_sessions').values({
      guest_id: guestId, name: request.body.name.trim(), email: request.body.email.trim(), phone_number: request.body.phone_number.trim(),
      country_code: countryCode, created_at: now, expires_at: expiresAt,
    }).execute();
    return { result: { token, expires: expiresAt } };
  });
}
