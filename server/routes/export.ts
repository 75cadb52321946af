// POST /orders/export (API.md): the vendor's orders of a period as CSV or XLSX, downloaded or mailed.
import type { FastifyInstance } from 'fastify';
import { countryConfig, sortNewestFirst } from '../../domain';
import { Type } from 'typebox';
import { ExportEmailed, ExportOrdersBody, Result } from '../../domain/api';
import { assertVendorAccess, canReachVendor, requireAuth } from '../auth/tenancy';
import { unprocessable } from '../http/errors';
import { assertExportPeriod } from '../http/exportPeriod';
import { errorAnswers } from '../http/openapi';
import { EXPORT_CONTENT_TYPES, exportFileName, writeOrdersFile } from '../orders/exportFile';
import { listedVendorIds } from '../orders/outlets';
import { listOrders } from '../orders/repository';
import { statusFilterQuery } from '../orders/statusFilter';
import { recordAudit } from '../teams/audit';

/** The most rows one export carries; a longer period must be split. */
export const EXPORT_MAX_ROWS = 20_000;

/** A download answers the file (sent as it is); `delivery: 'email'` answers JSON through its schema. */
const FILE = Type.String({ format: 'binary' });
const exportAnswer = {
  description: 'The file (download), or where it was mailed (email).',
  content: {
    'application/json': { schema: Result(ExportEmailed) },
    'text/csv': { schema: FILE },
    [EXPORT_CONTENT_TYPES.xlsx]: { schema: FILE },
  },
};

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  app.post<{ Body: ExportOrdersBody }>('/orders/export', {
    schema: { body: ExportOrdersBody, response: { 200: exportAnswer, ...errorAnswers(400, 401, 403, 422) } },
  }, async (request, reply) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const principal = requireAuth(request);
    const { from, to, format, delivery } = request.body;
    assertExportPeriod(from, to);
    if (delivery === 'email' && principal.kind !== 'user') throw unprocessable('export.error.no-email', 'delivery');

    const vendorIds = await listedVendorIds(side.db, vendor, request.body.include_outlets === true, (id) => canReachVendor(principal, id));
    const page = await listOrders(side.db, {
      vendorIds, from, to, count: EXPORT_MAX_ROWS + 1,
      guestId: principal.kind === 'guest' ? principal.guestId : undefined,
      ...statusFilterQuery(request.body.status ?? 'ANY', side.nowUnix()),
    });
    if (page.orders.length > EXPORT_MAX_ROWS) throw unprocessable('export.error.too-many-rows', 'to');
    const orders = sortNewestFirst(page.orders);
    // The vendor's wall-clock times, as the history screen shows them.
    const timeZone = countryConfig(vendor.country_code).timeZone;
    const file = await writeOrdersFile(orders, format, timeZone);
    const fileName = exportFileName(vendor.vendor_id, from, to, format, timeZone);
    // Recorded before the file leaves (by mail or download): the trail never misses data that left;
    // an export that cannot be recorded is not sent.
    await recordAudit(side.db, principal, [
      { vendorId: vendor.vendor_id, action: 'export.downloaded', subject: 'orders', detail: { from: String(from), to: String(to), format } },
    ], side.nowUnix());

    if (delivery === 'email' && principal.kind === 'user') {
      await app.mailer.send({
        to: principal.email,
        subject: `Orders export ${fileName}`,
        text: `Your export of ${orders.length} orders is attached.`,
        attachments: [{ filename: fileName, content: file }],
      });
      return { result: { emailed_to: principal.email } };
    }
    return reply
      .header('content-type', EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(file);
  });
}
