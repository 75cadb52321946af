// Reads the multipart body of POST /bulk-job/create as it streams: the vendor is checked as soon as
// its field arrives, the file's name and type before its bytes, and the byte limit while reading:
// the first byte past LIMITS.bulkFileMaxBytes ends the request with 413 at once, without waiting
// for (or keeping) the rest of the body.
import type { FastifyRequest } from 'fastify';
import { BULK_FILE_MESSAGES, LIMITS, validateBulkFile } from '../../domain';
import { assertVendorAccess } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { ApiError, badRequest, unprocessable } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import type { UploadedFile } from './createJob';
import { BULK_MESSAGES } from './messages';

/** busboy passes on at most one byte more than the limit, which is how readCapped tells "over" from "at". */
export const MULTIPART_LIMITS = { fileSize: LIMITS.bulkFileMaxBytes + 1, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 64 } as const;

const isFileTooLarge = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Closing the connection stops the client from sending the rest of an oversized body. */
const fileTooLarge = () => new ApiError(413, BULK_FILE_MESSAGES.tooLarge, { field: 'file', headers: { connection: 'close' } });

async function readCapped(file: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    // Leaving the loop destroys the part's stream; @fastify/multipart then stops parsing the body.
    if (size > LIMITS.bulkFileMaxBytes) throw fileTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function readBulkUpload(request: FastifyRequest, db: Db): Promise<{ vendor: VendorRow; file: UploadedFile }> {
  try {
    return await readParts(request, db);
  } catch (error) {
    // The parts iterator's own limit error, should it notice before readCapped does.
    if (isFileTooLarge(error)) throw fileTooLarge();
    throw error;
  }
}

async function readParts(request: FastifyRequest, db: Db): Promise<{ vendor: VendorRow; file: UploadedFile }> {
  let vendor: VendorRow | null = null;
  let file: UploadedFile | null = null;
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'field') {
      if (part.fieldname === 'vendor_id') vendor = await assertVendorAccess(request, db, part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const formatError = validateBulkFile({ name: part.filename, size: 0, type: part.mimetype });
    if (formatError) {
      part.file.resume();
      throw unprocessable(formatError, 'file');
    }
    file = { name: part.filename, buffer: await readCapped(part.file) };
  }
  if (vendor === null) throw badRequest('error.invalid-request', 'vendor_id');
  if (file === null) throw badRequest(BULK_MESSAGES.missingFile, 'file');
  return { vendor, file };
}
