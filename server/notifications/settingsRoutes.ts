// Settings → Notifications: GET and PUT an outlet's recipient messages, and the preview of the e-mail
// an event sends. Tenancy as the vendor's other stored settings (its address, its address book): the
// caller must reach the vendor, guests never.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { EmailPreview, EmailPreviewQuery, NotificationSettingsBody, Result, VendorIdParams } from '../../domain/api';
import { assertStoredVendorAccess } from '../auth/tenancy';
import { errorAnswers } from '../http/openapi';
import { mailSender } from '../mail/sender';
import { cataloguesDir, createCatalogues } from './catalogues';
import { emailPreview } from './emailPreview';
import { readNotificationSettings, writeNotificationSettings } from './settings';

export async function notificationSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  const previewSettings = {
    catalogues: createCatalogues(cataloguesDir(config.distDir), config.brand),
    // Read per preview: the origin may be known only once the server listens (PORT=0).
    get publicUrl() { return config.publicUrl; },
    from: mailSender(config.brand, config.mailFrom),
  };

  app.get('/vendor/:vendorId/notification-settings', {
    schema: { params: VendorIdParams, response: { 200: Result(NotificationSettingsBody), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    return { result: await readNotificationSettings(db, vendor.vendor_id) };
  });

  app.put('/vendor/:vendorId/notification-settings', {
    schema: { params: VendorIdParams, body: NotificationSettingsBody, response: { 200: Result(NotificationSettingsBody), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    return { result: await writeNotificationSettings(db, vendor.vendor_id, request.body, app.clock.nowS()) };
  });

  app.get('/vendor/:vendorId/notification-settings/email-preview', {
    schema: { params: VendorIdParams, querystring: EmailPreviewQuery, response: { 200: Result(EmailPreview), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const { event, language } = request.query;
    return { result: emailPreview(previewSettings, { event, language, vendorName: vendor.name, countryCode: vendor.country_code }) };
  });
}
