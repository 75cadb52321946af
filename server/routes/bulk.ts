// Bulk orders (API.md "Bulk orders"). Registered once at the root by server/app.ts: it owns
// the placement queue (started when the app is ready, stopped before it closes) and mounts the
// routes under every service prefix, with @fastify/multipart scoped to them.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BULK_FILE_MESSAGES, XLSX_MIME_TYPE } from '../../domain';
import type { BulkPreprocessFilter } from '../../domain/types';
import { Type } from 'typebox';
import { Body, BulkJob, BulkJobDetailParams, BulkJobDetailQuery, BulkJobList, BulkJobParams, BulkUploadResult, BulkVendorParams } from '../../domain/api';
import { errorAnswers } from '../http/openapi';
import { canReachVendor, requireAuth } from '../auth/tenancy';
import { createBulkJob } from '../bulk/createJob';
import { MULTIPART_OVERHEAD_BYTES } from '../bulk/limits';
import { BULK_MESSAGES } from '../bulk/messages';
import { createPlacementQueue, type PlacementQueue } from '../bulk/placementQueue';
import { presentJob } from '../bulk/present';
import { countRows, findJob, listJobs, listRows, setPlacement, type JobRecord } from '../bulk/repository';
import { buildTemplate, TEMPLATE_FILE_NAME } from '../bulk/template';
import { MULTIPART_LIMITS, readBulkUpload } from '../bulk/upload';
import { ApiError, conflict, forbidden } from '../http/errors';
import { IDEMPOTENCY_HEADER, runIdempotent } from '../idempotency/run';
import { principalKey } from '../orders/principalKey';
import { auditedChange } from '../teams/audit';

/** The template spreadsheet, sent as it is. */
const templateAnswer = { description: 'The bulk order template.', content: { [XLSX_MIME_TYPE]: { schema: Type.String({ format: 'binary' }) } } };

/** The job, when the caller reaches its vendor; 403 otherwise (also for unknown ids, API.md "Tenancy"). */
async function reachableJob(request: FastifyRequest, app: FastifyInstance, jobId: string, vendorId?: string): Promise<JobRecord> {
  const principal = requireAuth(request);
  const job = await findJob(app.db, jobId);
  if (!job || !canReachVendor(principal, job.vendor_id) || (vendorId !== undefined && job.vendor_id !== vendorId)) throw forbidden('error.forbidden', 'jobId');
  return job;
}

async function presentWithCounts(app: FastifyInstance, job: JobRecord, filter?: BulkPreprocessFilter) {
  const counts = (await countRows(app.db, [job.bulk_job_id])).get(job.bulk_job_id) ?? {};
  return presentJob(job, counts, filter ? await listRows(app.db, job.bulk_job_id, filter) : undefined);
}

/** Refuses a body that announces more than a 5 MB file before a byte of it is read. */
async function refuseOversizedUpload(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MULTIPART_LIMITS.fileSize + MULTIPART_OVERHEAD_BYTES) {
    throw new ApiError(413, BULK_FILE_MESSAGES.tooLarge, { field: 'file', headers: { connection: 'close' } });
  }
}

async function bulkServiceRoutes(app: FastifyInstance, options: { queue: PlacementQueue }): Promise<void> {
  const side = app.orders;
  let template: Promise<Buffer> | null = null;

  // Open to anyone; only the per-caller request budget (http/tenantQuota.ts) can refuse it.
  app.get('/bulk-job/example-file', { schema: { response: { 200: templateAnswer, ...errorAnswers(429) } } }, async (_request, reply) => {
    template ??= buildTemplate();
    return reply
      .type(XLSX_MIME_TYPE)
      .header('content-disposition', `attachment; filename=${TEMPLATE_FILE_NAME}`)
      .header('cache-control', 'no-cache')
      .send(await template);
  });

  app.post('/bulk-job/create', {
    onRequest: refuseOversizedUpload,
    schema: { response: { 200: Body(BulkUploadResult), ...errorAnswers(400, 401, 403, 413, 415, 422) } },
  }, async (request) => {
    const principal = requireAuth(request);
    if (principal.kind === 'guest') throw forbidden();
    if (!request.isMultipart()) throw new ApiError(415, 'error.unsupported-media-type');
    const { vendor, file } = await readBulkUpload(request, app.db);
    return { body: await createBulkJob({ side, geocoder: app.geocoder }, principal, vendor, file) };
  });

  app.get<{ Params: BulkVendorParams }>(
    '/bulk-job/all/:vendorId',
    { schema: { params: BulkVendorParams, response: { 200: BulkJobList, ...errorAnswers(400, 401) } } },
    async (request) => {
      requireAuth(request);
      const jobs = await listJobs(app.db, request.params.vendorId);
      const counts = await countRows(app.db, jobs.map((job) => job.bulk_job_id));
      return { code: 200, body: jobs.map((job) => presentJob(job, counts.get(job.bulk_job_id) ?? {})) };
    },
  );

  app.get<{ Params: BulkJobDetailParams; Querystring: BulkJobDetailQuery }>(
    '/bulk-job/detail/:vendorId/:jobId',
    { schema: { params: BulkJobDetailParams, querystring: BulkJobDetailQuery, response: { 200: Body(BulkJob), ...errorAnswers(400, 401, 403) } } },
    async (request) => {
      const job = await reachableJob(request, app, request.params.jobId, request.params.vendorId);
      return { body: await presentWithCounts(app, job, request.query.filter ?? 'ALL') };
    },
  );

  app.post<{ Params: BulkJobParams }>(
    '/bulk-job/place-orders/:jobId',
    { schema: { params: BulkJobParams, response: { 200: Body(BulkJob), ...errorAnswers(400, 401, 403, 409) } } },
    async (request, reply) => {
      const principal = requireAuth(request);
      const job = await reachableJob(request, app, request.params.jobId);
      const response = await runIdempotent({
        store: side.idempotency,
        scope: `${principalKey(principal)}|${job.vendor_id}`,
        key: request.headers[IDEMPOTENCY_HEADER] as string | undefined,
        route: 'POST /bulk-job/place-orders',
        body: { jobId: job.bulk_job_id, body: request.body ?? null },
        nowUnix: side.nowUnix,
        work: async () => {
          if (job.placement === 'NONE') {
            if (job.status === 'PREPROCESS_FAIL') throw conflict(BULK_MESSAGES.nothingToPlace, 'jobId');
            // Only the first caller moves NONE to QUEUED (and is audited for it); everyone then waits for the same queue entry.
            const now = side.nowUnix();
            await auditedChange(app.db, principal, now, (trx) => setPlacement(trx, job.bulk_job_id, 'NONE', 'QUEUED', now),
              (queued) => (queued ? [{ vendorId: job.vendor_id, action: 'bulk.placed', subject: job.bulk_job_id }] : []));
          }
          const current = await findJob(app.db, job.bulk_job_id);
          if (current?.placement === 'QUEUED') await options.queue.enqueue(job.bulk_job_id);
          const finished = (await findJob(app.db, job.bulk_job_id)) ?? job;
          return { statusCode: 200, body: { body: await presentWithCounts(app, finished, 'ALL') } };
        },
      });
      return reply.status(response.statusCode).send(response.body);
    },
  );
}

export async function bulkRoutes(app: FastifyInstance, options: { prefixes: readonly string[] }): Promise<void> {
  // A finished job is told to the webhook endpoints that chose `bulk_job.finished`.
  const queue = createPlacementQueue(app.orders, (error, jobId) => app.log.error({ err: error, jobId }, 'bulk placement failed'), app.webhooks);
  app.metrics.gauge('bulk_placement_queue_depth', 'Bulk jobs waiting for or in placement', () => queue.depth());
  app.addHook('onReady', async () => { await queue.start(); });
  app.addHook('preClose', async () => { await queue.stop(); });
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  for (const prefix of options.prefixes) await app.register(bulkServiceRoutes, { prefix, queue });
}
