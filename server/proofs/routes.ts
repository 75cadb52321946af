// The proof archive's downloads: GET /order/:orderId/proofs (one order's proofs) and POST
// /proofs/export (a period's, in bulk), each a ZIP with a CSV index streamed from the object store
// (proofZip.ts). Vendor-scoped: another vendor's order answers like a missing one.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { countryConfig } from '../../domain';
import { ExportProofsBody, OrderProofsParams } from '../../domain/api';
import { assertVendorAccess, canReachVendor, requireAuth } from '../auth/tenancy';
import { recordAudit } from '../teams/audit';
import type { Db } from '../db/connect';
import { notFound } from '../http/errors';
import { assertExportPeriod } from '../http/exportPeriod';
import { errorAnswers } from '../http/openapi';
import { assertOrderAccess } from '../orders/access';
import { listedVendorIds } from '../orders/outlets';
import { proofZip, type ProofZipRow } from './proofZip';

/** Rows read per query while streaming, so a long period is never one result set in memory. */
const PAGE = 500;

const zipAnswer = { description: 'A ZIP: index.csv, then one folder per order with its proof photos and records.', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } };

type Filter = { orderId: string } | { vendorIds: string[]; from: number; to: number };

/** The archived proofs matching `filter`, oldest first, a page at a time. */
async function* archivedProofs(db: Db, filter: Filter): AsyncGenerator<ProofZipRow> {
  for (let offset = 0; ; offset += PAGE) {
    let query = db.selectFrom('proof_archive').select(['order_id', 'kind', 'status', 'proved_at', 'receiver_name', 'photo_key', 'signature_key', 'record_key']);
    query = 'orderId' in filter
      ? query.where('order_id', '=', filter.orderId)
      : query.where('vendor_id', 'in', filter.vendorIds).where('proved_at', '>=', filter.from).where('proved_at', '<=', filter.to);
    const rows = await query.orderBy('proved_at').orderBy('order_id').orderBy('kind').limit(PAGE).offset(offset).execute();
    for (const row of rows) yield { ...row, proved_at: Number(row.proved_at) };
    if (rows.length < PAGE) return;
  }
}

const zipName = (label: string) => `proofs-${label.replace(/[^A-Za-z0-9._-]/g, '_')}.zip`;

export async function proofRoutes(app: FastifyInstance): Promise<void> {
  const onError = (error: unknown) => app.log.error({ err: error }, 'proof ZIP failed while streaming');
  /** Answers the proofs matching `filter` as a ZIP download named after `label`, streamed. */
  const sendZip = (reply: FastifyReply, label: string, filter: Filter, timeZone: string) => reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zipName(label)}"`)
    .header('cache-control', 'no-store')
    .send(proofZip(() => archivedProofs(app.db, filter), app.proofStore, timeZone, onError));

  app.get<{ Params: OrderProofsParams }>('/order/:orderId/proofs', {
    schema: { params: OrderProofsParams, response: { 200: zipAnswer, ...errorAnswers(400, 401, 403, 404) } },
  }, async (request, reply) => {
    // Another vendor's order answers exactly like a missing one (403, API.md "Tenancy"); 404: no proof yet.
    const stored = await assertOrderAccess(request, app.db, request.params.orderId);
    const filter = { orderId: stored.order.order_id };
    const any = await app.db.selectFrom('proof_archive').select('kind').where('order_id', '=', filter.orderId).executeTakeFirst();
    if (!any) throw notFound('error.not-found', 'order_id');
    return sendZip(reply, filter.orderId, filter, countryConfig(stored.vendor.country_code).timeZone);
  });

  app.post<{ Body: ExportProofsBody }>('/proofs/export', {
    schema: { body: ExportProofsBody, response: { 200: zipAnswer, ...errorAnswers(400, 401, 403, 422) } },
  }, async (request, reply) => {
    const vendor = await assertVendorAccess(request, app.db, request.body.vendor_id);
    const principal = requireAuth(request);
    const { from, to } = request.body;
    assertExportPeriod(from, to);
    const vendorIds = await listedVendorIds(app.db, vendor, request.body.include_outlets === true, (id) => canReachVendor(principal, id));
    const timeZone = countryConfig(vendor.country_code).timeZone;
    const filter = { vendorIds, from, to };
    // Recorded before the archive leaves, like the orders export: an export that cannot be recorded is not sent.
    await recordAudit(app.db, principal, [
      { vendorId: vendor.vendor_id, action: 'export.downloaded', subject: 'proofs', detail: { from: String(from), to: String(to), format: 'zip' } },
    ], app.clock.nowS());
    return sendZip(reply, `${vendor.vendor_id}-${from}-${to}`, filter, timeZone);
  });
}
