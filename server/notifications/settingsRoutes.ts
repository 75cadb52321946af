// Settings → Notifications: GET and PUT an outlet's recipient messages. Tenancy as the vendor's other
// stored settings (its address, its address book): the caller must reach the vendor, guests never.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { NotificationSettingsBody, Result, VendorIdParams } from '../../domain/api';
import { assertStoredVendorAccess } from '../auth/tenancy';
import { errorAnswers } from '../http/openapi';
import { readNotificationSettings, writeNotificationSettings } from './settings';

export async function notificationSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

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
}
