// The proof archive's rules (issue #27 "Proof archive"), shared by the server's copy, cleanup and
// ZIP download: how long proofs are kept, where each file goes, what the ZIP's CSV index says.
import { DateTimeFormatter, Instant, ZoneOffset } from '@js-joda/core';
import type { ProofKind } from './api/webhooks';
import { neutraliseSpreadsheetCell } from './bulkFile';
import type { OrderStatus, UnixSeconds } from './types';
import { zonedAt } from './zonedTime';

/** Kept this many calendar months after the proof was taken, unless PROOF_RETENTION_MONTHS says otherwise. */
export const DEFAULT_PROOF_RETENTION_MONTHS = 13;

/** Proofs taken before this instant are past their retention (calendar months, month-end clamped). */
export function proofRetentionCutoff(nowUnix: UnixSeconds, months: number): UnixSeconds {
  return Instant.ofEpochSecond(nowUnix).atZone(ZoneOffset.UTC).minusMonths(months).toEpochSecond();
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'application/pdf': 'pdf',
};

/** The photo's file name inside an order's folder: `delivery-photo.svg`. */
export function proofPhotoFileName(kind: ProofKind, contentType: string): string {
  return `${kind}-photo.${EXTENSION_OF_TYPE[contentType.toLowerCase()] ?? 'bin'}`;
}

/** The receiver's signature beside the photo: `delivery-signature.svg`. */
export function proofSignatureFileName(kind: ProofKind, contentType: string): string {
  return `${kind}-signature.${EXTENSION_OF_TYPE[contentType.toLowerCase()] ?? 'bin'}`;
}

/** The proof's record (kind, status, time, receiver) beside the photo: `delivery.json`. */
export const proofRecordFileName = (kind: ProofKind): string => `${kind}.json`;

/** The object store folder of one order's proofs; every vendor's proofs live under its own folder. */
export const proofFolderKey = (vendorId: string, orderId: string): string => `proofs/${vendorId}/${orderId}`;

/** One archived proof, as the index lists it. */
export interface ArchivedProof {
  orderId: string;
  kind: ProofKind;
  status: OrderStatus;
  provedAt: UnixSeconds;
  receiverName: string | null;
  /** Names inside the ZIP (`{order id}/{file}`). */
  files: readonly string[];
}

/** Where one proof's file lands in the ZIP: one folder per order. */
export const proofZipEntryName = (orderId: string, fileName: string): string => `${orderId}/${fileName}`;

export const PROOF_INDEX_FILE_NAME = 'index.csv';

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled; formulas neutralised. */
function csvCell(text: string): string {
  const safe = String(neutraliseSpreadsheetCell(text));
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** `2026-03-10 15:04:05`: the wall-clock time in the zone, sortable as text (as in the order export). */
const LOCAL_TIME = DateTimeFormatter.ofPattern('yyyy-MM-dd HH:mm:ss');

/** The index's header line; times are in the vendor's zone, named in the header as in the order export. */
export function proofIndexHeader(timeZone: string): string {
  return ['Order ID', 'Proof', 'Status', `Time (${timeZone})`, 'Receiver name', 'Files'].map(csvCell).join(',') + '\r\n';
}

/** One proof's line of the index: files separated by a space (names never contain one). */
export function proofIndexLine(proof: ArchivedProof, timeZone: string): string {
  const time = zonedAt(proof.provedAt, timeZone).format(LOCAL_TIME);
  return [proof.orderId, proof.kind, proof.status, time, proof.receiverName ?? '', proof.files.join(' ')].map(csvCell).join(',') + '\r\n';
}
