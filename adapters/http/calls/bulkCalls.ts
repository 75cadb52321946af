// Bulk orders from a spreadsheet: the template file, the upload with its progress, the jobs.
import type { BulkJob } from '../../../domain/types';
import type { BulkUploadResult } from '../../ports';
import { serviceBaseUrl } from '../apiConfig';
import { authorizationHeader } from '../authorization';
import { uploadWithProgress } from '../uploadWithProgress';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function bulkCalls({ options, body, file }: CallHelpers): AreaCalls<'bulk'> {
  return {
    downloadBulkTemplate: () => file({ service: 'orders', method: 'GET', path: '/bulk-job/example-file' }, 'Template.xlsx'),
    createBulkJob: async ({ vendorId, file: upload, fileName, onProgress, signal }) => {
      const form = new FormData();
      form.append('vendor_id', vendorId);
      form.append('file', upload, fileName);
      const answer = await uploadWithProgress<{ body: BulkUploadResult }>({
        url: `${serviceBaseUrl(options.origin, 'orders')}/bulk-job/create`,
        form,
        authorization: authorizationHeader(options.storage),
        onProgress,
        signal,
        createRequest: options.createUploadRequest,
      });
      return answer.body;
    },
    listBulkJobs: (vendorId) =>
      body<BulkJob[]>({ service: 'orders', method: 'GET', path: `/bulk-job/all/${segment(vendorId)}` }),
    getBulkJob: (vendorId, jobId, filter) =>
      body<BulkJob>({
        service: 'orders',
        method: 'GET',
        path: `/bulk-job/detail/${segment(vendorId)}/${segment(jobId)}`,
        query: { filter },
      }),
    placeBulkOrders: (jobId) =>
      body<BulkJob>({ service: 'orders', method: 'POST', path: `/bulk-job/place-orders/${segment(jobId)}`, body: {}, idempotent: true }),
  };
}
