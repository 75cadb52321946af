// /ops routes of the platform (mounted under /ops behind the Ops token): set flags and country
// parameters, mint GoDroid tokens for the embedded mode.
import { normaliseEmailAddress } from '../../domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { disableAccount, enableAccount } from '../auth/accountStatus';
import { signToken } from '../auth/tokens';
import { isFlagName, type FlagVariation } from '../flags/flag-defaults';
import { isCountryParameterName, parameterProblem, setCountryParameter } from '../flags/country-parameters';
import { notFound, unprocessable } from '../http/errors';
import { strictObject } from '../http/validation';
import { errorAnswers } from '../http/openapi';
import { CountryParameterSet, CountryParameterSetting, FlagSet, FlagSetting, GodroidToken, GodroidTokenBody, NameParams, Result } from '../../domain/api';

/** POST /ops/clock accepts offsets up to a week either way. */
const MAX_CLOCK_OFFSET_S = 7 * 24 * 3600;

export async function mintGodroidToken(secret: string, vendorId: string, nowS: number): Promise<string> {
  return (await signToken(secret, 'godroid', vendorId, { restaurant_id: vendorId }, nowS)).token;
}

export async function opsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const vendorMustExist = async (vendorId: string | null | undefined) => {
    if (!vendorId) return;
    const row = await db.selectFrom('vendors').select('vendor_id').where('vendor_id', '=', vendorId).executeTakeFirst();
    if (!row) throw unprocessable('error.unknown-vendor', 'vendor_id');
  };

  app.put<{ Params: { name: string }; Body: { variation: FlagVariation; country?: string | null; brand?: string | null; vendor_id?: string | null } }>('/flags/:name', {
    schema: { params: NameParams, body: FlagSetting, response: { 200: Result(FlagSet), ...errorAnswers(400, 401, 404, 422) } },
  }, async (request) => {
    const { name } = request.params;
    if (!isFlagName(name)) throw notFound('error.unknown-flag', 'name');
    await vendorMustExist(request.body.vendor_id);
    const { variation, country, brand, vendor_id: vendorId } = request.body;
    await app.flags.set(name, { variation, country: country ?? null, brand: brand ?? null, vendorId: vendorId ?? null }, app.clock.nowS());
    return { result: { name, variation } };
  });

  app.put<{ Params: { name: string }; Body: { value: string; country?: string | null; vendor_id?: string | null } }>('/country-parameters/:name', {
    schema: { params: NameParams, body: CountryParameterSetting, response: { 200: Result(CountryParameterSet), ...errorAnswers(400, 401, 404, 422) } },
  }, async (request) => {
    const { name } = request.params;
    if (!isCountryParameterName(name)) throw notFound('error.unknown-parameter', 'name');
    const problem = parameterProblem(name, request.body.value);
    if (problem) throw unprocessable(problem, 'value');
    await vendorMustExist(request.body.vendor_id);
    await setCountryParameter(db, name, request.body.value, { country: request.body.country ?? null, vendorId: request.body.vendor_id ?? null });
    return { result: { name, value: request.body.value } };
  });

  app.post<{ Body: { vendor_id: string } }>('/godroid-token', {
    schema: { body: GodroidTokenBody, response: { 200: GodroidToken, ...errorAnswers(400, 401, 422) } },
  }, async (request) => {
    await vendorMustExist(request.body.vendor_id);
    return { token: await mintGodroidToken(app.config.secrets.jwtSecret, request.body.vendor_id, app.clock.nowS()) };
  });

  // Move this process's clock (tests: "the next day" without waiting a day). One day of slack either
  // way beyond the pre-order horizon is plenty; a server is never run far off the real time.
  app.post<{ Body: { offset_s: number } }>('/clock', {
    schema: { body: strictObject({ offset_s: { type: 'integer', minimum: -MAX_CLOCK_OFFSET_S, maximum: MAX_CLOCK_OFFSET_S } }), response: { 200: Result(Type.Object({ offset_s: Type.Integer(), now: Type.Integer({ description: "The server's clock, Unix seconds." }) })), ...errorAnswers(400, 401) } },
  }, async (request) => {
    app.clock.setOffsetS(request.body.offset_s);
    return { result: { offset_s: app.clock.offsetS(), now: app.clock.nowS() } };
  });

  // Disable or re-enable a user account: every session of a disabled account stops at its next request.
  for (const action of ['disable', 'enable'] as const) {
    app.post<{ Body: { email_address: string } }>(`/accounts/${action}`, {
      schema: { body: strictObject({ email_address: { type: 'string', minLength: 3, maxLength: 254 } }), response: { 200: Result(Type.Literal(true)), ...errorAnswers(400, 401, 404) } },
    }, async (request) => {
      const account = await db.selectFrom('accounts').select('account_id')
        .where('email', '=', normaliseEmailAddress(request.body.email_address)).executeTakeFirst();
      if (!account) throw notFound('error.unknown-account', 'email_address');
      const nowS = app.clock.nowS();
      await (action === 'disable' ? disableAccount(db, account.account_id, nowS) : enableAccount(db, account.account_id, nowS));
      app.sessionEnds.notify();
      return { result: true };
    });
  }
}
