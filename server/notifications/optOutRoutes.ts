// GET and POST /notifications/opt-out?m={message key}&s={signature}: the page behind the link in every
// recipient message. GET asks, POST opts the message's address or number out of the vendor's messages.
// The signature (LINK_SIGNING_SECRET) is checked first; a wrong or unknown link is a 404 like any other.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recipientLanguage } from '../../domain/recipientNotifications';
import { notFound } from '../http/errors';
import { findOrder } from '../orders/repository';
import type { Catalogues } from './catalogues';
import { OPT_OUT_PATH, isValidOptOutSignature } from './links';
import { optOut } from './optOuts';
import { renderOptOutPage } from './optOutPage';
import { errorAnswers } from '../http/openapi';

const query = {
  type: 'object',
  required: ['m', 's'],
  properties: { m: { type: 'string', minLength: 1, maxLength: 300 }, s: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

type OptOutRequest = FastifyRequest<{ Querystring: { m: string; s: string } }>;

export async function optOutRoutes(app: FastifyInstance, options: { catalogues: Catalogues; country: string }): Promise<void> {
  const { db } = app;
  // The page's form posts urlencoded (and empty); parsed here only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** The logged message the link names, with what the page shows; 404 for a wrong signature or an unknown message. */
  async function messageOf(request: OptOutRequest) {
    const { m, s } = request.query;
    if (!isValidOptOutSignature(m, s, app.config.secrets.linkSigningSecret)) throw notFound();
    const message = await db.selectFrom('notification_messages').select(['vendor_id', 'recipient', 'order_id']).where('message_key', '=', m).executeTakeFirst();
    if (!message || message.recipient === '') throw notFound();
    const vendor = await db.selectFrom('vendors').select(['name', 'country_code']).where('vendor_id', '=', message.vendor_id).executeTakeFirst();
    const order = (await findOrder(db, message.order_id))?.order;
    const locale = recipientLanguage(order?.customer.language, vendor?.country_code ?? options.country);
    return { ...message, vendorName: order?.outlet_name ?? vendor?.name ?? '', locale, t: options.catalogues.translator(locale) };
  }

  const page = (html: string) => ({ html, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });

  app.get<{ Querystring: { m: string; s: string } }>(OPT_OUT_PATH, { schema: { querystring: query, response: errorAnswers(400, 404) } }, async (request, reply) => {
    const message = await messageOf(request);
    const link = `${OPT_OUT_PATH}?${new URLSearchParams(request.query).toString()}`;
    const { html, headers } = page(renderOptOutPage({ t: message.t, locale: message.locale, vendorName: message.vendorName, recipient: message.recipient, formAction: link }));
    return reply.headers(headers).send(html);
  });

  app.post<{ Querystring: { m: string; s: string } }>(OPT_OUT_PATH, { schema: { querystring: query, response: errorAnswers(400, 404) } }, async (request, reply) => {
    const message = await messageOf(request);
    await optOut(db, message.vendor_id, message.recipient, app.clock.nowS());
    const { html, headers } = page(renderOptOutPage({ t: message.t, locale: message.locale, vendorName: message.vendorName, recipient: message.recipient, formAction: null }));
    return reply.headers(headers).send(html);
  });
}
