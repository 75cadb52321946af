// Help centre (SPEC.md §7): the vendor's help-centre token (1 h), the init call of the
// help-centre service that answers the widget URL, and the widget page itself.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HelpCentreInitBody, HelpCentreWidget, IdParams, Result } from '../../domain/api';
import { brandNamed } from '../../domain/brands';
import { assertVendorAccess } from '../auth/tenancy';
import { signToken, verifyToken } from '../auth/tokens';
import { unauthorized } from '../http/errors';
import { renderHelpCentrePage } from '../http/helpCentrePage';
import { errorAnswers } from '../http/openapi';
import { queryObject } from '../http/validation';

/** GET /vendor/{id}/hc_jwt_token under the service prefixes. */
export async function helpCentreTokenRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams }>('/vendor/:id/hc_jwt_token', {
    schema: { params: IdParams, response: { 200: Result(Type.String({ description: 'A help-centre token (JWT), valid 1 h.' })), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, app.db, request.params.id);
    const subject = request.principal?.kind === 'user' ? request.principal.userId : vendor.vendor_id;
    const { token } = await signToken(app.config.secrets.jwtSecret, 'helpCentre', subject, {
      vendor_id: vendor.vendor_id, country: vendor.country_code,
    }, app.clock.nowS());
    return { result: token };
  });
}

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** Mounted under /help-centre-service. */
export async function helpCentreRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.secrets.jwtSecret;

  app.post<{ Body: HelpCentreInitBody }>('/conditions-api/v1/init', {
    schema: { body: HelpCentreInitBody, response: { 200: HelpCentreWidget, ...errorAnswers(400, 401) } },
  }, async (request) => {
    const claims = await verifyToken(secret, 'helpCentre', request.body.verification_token, app.clock.nowS());
    if (!claims) throw unauthorized('help-center.failed');
    const params = new URLSearchParams({
      token: request.body.verification_token,
      locale: request.body.locale ?? 'en',
      brand: request.body.brand ?? app.config.brand,
    });
    return { url: `${request.protocol}://${request.host}/help-centre-service/widget?${params.toString()}` };
  });

  app.get<{ Querystring: { token: string; locale?: string; brand?: string } }>('/widget', {
    schema: { querystring: queryObject({ token: { type: 'string', minLength: 1, maxLength: 4096 }, locale: text(16), brand: text(32) }, ['token']) },
  }, async (request, reply) => {
    const claims = await verifyToken(secret, 'helpCentre', request.query.token, app.clock.nowS());
    if (!claims) throw unauthorized('help-center.failed');
    const country = typeof claims.country === 'string' ? claims.country : app.config.country;
    // The brand's own spelling (domain BRANDS): "HungerStation", never "Hunger Station".
    const brandName = brandNamed(request.query.brand ?? app.config.brand).platformName;
    return reply.type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *")
      .send(renderHelpCentrePage(country, request.query.locale ?? 'en', brandName));
  });
}
