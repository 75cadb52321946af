// @vitest-environment jsdom
// POST /bulk-job/create through jsdom's real XMLHttpRequest (which performs real HTTP) to a loopback
// server: multipart fields, Authorization, progress, and API.md's error shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import { ApiError } from '../../adapters/http/apiError';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import type { ApiClient } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { STORAGE_KEYS } from '../../adapters/storage/storageKeys';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  const storage = createMemoryStorage({ [STORAGE_KEYS.guestSession]: JSON.stringify({ token: 'guest-9', expires: 2_000_000_000 }) });
  client = createHttpApiClient({ origin: server.origin, storage, clock: createFixedClock(0), sleep: async () => undefined });
});

const xlsx = () => new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('createBulkJob', () => {
  it('sends vendor_id and the file as multipart with the auth header, reporting progress up to 1', async () => {
    server.answer({ status: 200, json: { body: { bulk_job: { bulk_job_id: 'job-1' }, orders: [] } } });
    const progress: number[] = [];
    let progressEvents = 0;
    client = createHttpApiClient({
      origin: server.origin,
      storage: createMemoryStorage({ [STORAGE_KEYS.guestSession]: JSON.stringify({ token: 'guest-9', expires: 2_000_000_000 }) }),
      clock: createFixedClock(0),
      createUploadRequest: () => {
        const request = new XMLHttpRequest();
        request.upload.addEventListener('progress', () => progressEvents++);
        return request;
      },
    });
    const answer = await client.createBulkJob({ vendorId: 'SA-1', file: xlsx(), fileName: 'orders.xlsx', onProgress: (fraction) => progress.push(fraction) });

    expect(answer.bulk_job.bulk_job_id).toBe('job-1');
    const upload = server.requests.find((request) => request.method === 'POST');
    expect(upload?.url.pathname).toBe('/orders/api/v1/bulk-job/create');
    expect(upload?.headers.authorization).toBe('Bearer guest-9');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain('name="vendor_id"');
    expect(upload?.body).toContain('SA-1');
    expect(upload?.body).toContain('filename="orders.xlsx"');
    // Every upload progress event of the XMLHttpRequest reached the caller, ending at 1.
    expect(progressEvents).toBeGreaterThan(0);
    expect(progress).toHaveLength(progressEvents);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('rejects with the typed error on 413', async () => {
    server.answer({ status: 413, json: { status: 413, message: 'bulk-order-upload.file-too-large', errors: [] } });
    const error = await client.createBulkJob({ vendorId: 'SA-1', file: xlsx(), fileName: 'big.xlsx' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, key: 'bulk-order-upload.file-too-large' });
  });

  it('rejects as offline when the connection drops', async () => {
    server.answer('drop');
    const error = await client.createBulkJob({ vendorId: 'SA-1', file: xlsx(), fileName: 'a.xlsx' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ kind: 'offline' });
  });
});
