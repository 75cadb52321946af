// Copy on arrival: a listener of the order-change outbox (server/orders/changeOutbox.ts). The outbox
// row is written in the transaction that stores the status change with its proof, and is deleted
// only after every listener succeeded, so a crash between the change and the copy only delays the
// copy. It may run twice for one change: the files are put under fixed keys and the row is upserted.
import { proofFolderKey, proofKindOfStatus, proofOf, proofPhotoFileName, proofReceivedBy, proofRecordFileName, proofSignatureFileName, proofSignatureOf } from '../../domain';
import type { ProofKind } from '../../domain/api/webhooks';
import type { Order } from '../../domain/types';
import type { Db } from '../db/connect';
import type { OrderChangeListener } from '../orders/changeOutbox';
import type { ObjectStore } from '../storage/objectStore';
import { PROOF_FETCH_GIVE_UP_AFTER_S } from './fetchLimits';
import { fetchRemoteProof, RemoteProofRefused } from './remoteProof';

/** A proof photo as the courier hands it in: a data: URL from the simulator. */
export function decodeProofPhoto(url: string): { contentType: string; bytes: Buffer } | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;base64)?,(.*)$/s.exec(url);
  if (!match) return null;
  const [, contentType = 'text/plain', base64, data = ''] = match;
  return { contentType, bytes: base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data)) };
}

/**
 * Who received the item with this proof: the name the rider recorded with it, else the rider at
 * pickup, the recipient at delivery, the outlet on return.
 */
async function receiverOf(kind: ProofKind, order: Order, presented: () => Promise<Order>): Promise<string | null> {
  const recorded = proofReceivedBy(order, kind);
  if (recorded !== null) return recorded;
  if (kind === 'delivery') return order.customer.name;
  if (kind === 'return') return order.outlet_name ?? null;
  return (await presented()).rider?.name ?? null;
}

type ProofFile = { contentType: string; bytes: Buffer };

/** "15 minutes", or "90 seconds" for a setting that is not whole minutes: the reason logged on giving up. */
const spanText = (seconds: number): string => (seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`);

export interface ProofCopierOptions {
  db: Db;
  store: ObjectStore;
  nowS: () => number;
  /** A proof that will never be copied (refused URL, not an image, too big); the order keeps its URL. */
  onSkipped: (order: Order, kind: ProofKind, reason: string) => void;
  /** Fetches an http(s) proof (remoteProof.ts); tests hand in one that may reach their local server. */
  fetchRemote?: (url: string) => Promise<ProofFile>;
  /** PROOF_FETCH_GIVE_UP_AFTER_S: how long after the proof a failing host is still retried (PROOF_FETCH_GIVE_UP_AFTER_S by default). */
  giveUpAfterS?: number;
}

/**
 * The file behind a proof URL: decoded from a data: URL, or fetched from an http(s) one. A refusal
 * worth retrying (timeout, 5xx) throws, so the outbox keeps the change and tries again later (other
 * orders go on meanwhile), until `giveUpAfterS` has passed; a final one answers the reason, and the
 * proof stays linked to its URL.
 */
async function proofFile(url: string, fetchRemote: (url: string) => Promise<ProofFile>, giveUp: { now: boolean; afterS: number }): Promise<ProofFile | string> {
  if (url.startsWith('data:')) return decodeProofPhoto(url) ?? 'malformed data: URL';
  if (!/^https?:/i.test(url)) return 'not a data:, http: or https: URL';
  try {
    return await fetchRemote(url);
  } catch (error) {
    if (error instanceof RemoteProofRefused && !error.transient) return error.reason;
    if (giveUp.now) return `gave up after ${spanText(giveUp.afterS)}: ${error instanceof RemoteProofRefused ? error.reason : String(error)}`;
    throw error;
  }
}

export function proofCopier(options: ProofCopierOptions): OrderChangeListener {
  const { db, store } = options;
  return async (order, presented) => {
    const entry = order.status_history.at(-1);
    const kind = entry ? proofKindOfStatus(entry.status) : null;
    const url = kind === null ? null : proofOf(order, kind);
    if (kind === null || entry === undefined || url === null) return;
    const signatureUrl = proofSignatureOf(order, kind);
    const fetchRemote = options.fetchRemote ?? ((remote: string) => fetchRemoteProof(remote));
    const giveUpAfterS = options.giveUpAfterS ?? PROOF_FETCH_GIVE_UP_AFTER_S;
    const giveUp = { now: options.nowS() - entry.created_at >= giveUpAfterS, afterS: giveUpAfterS };
    const photo = await proofFile(url, fetchRemote, giveUp);
    if (typeof photo === 'string') {
      options.onSkipped(order, kind, photo);
      return;
    }
    const signature = signatureUrl === null ? null : await proofFile(signatureUrl, fetchRemote, giveUp);
    if (typeof signature === 'string') {
      options.onSkipped(order, kind, `signature: ${signature}`);
      return;
    }
    const folder = proofFolderKey(order.vendor_id, order.order_id);
    const photoName = proofPhotoFileName(kind, photo.contentType);
    const signatureName = signature === null ? null : proofSignatureFileName(kind, signature.contentType);
    const receiverName = await receiverOf(kind, order, presented);
    const record = {
      order_id: order.order_id, vendor_id: order.vendor_id, kind, status: entry.status, proved_at: entry.created_at,
      receiver_name: receiverName, photo: photoName, signature: signatureName,
    };
    await store.put(`${folder}/${photoName}`, photo.bytes);
    if (signature !== null && signatureName !== null) await store.put(`${folder}/${signatureName}`, signature.bytes);
    await store.put(`${folder}/${proofRecordFileName(kind)}`, JSON.stringify(record, null, 2));
    const keys = {
      photo_key: `${folder}/${photoName}`,
      signature_key: signatureName === null ? null : `${folder}/${signatureName}`,
      record_key: `${folder}/${proofRecordFileName(kind)}`,
    };
    const row = { order_id: order.order_id, kind, vendor_id: order.vendor_id, status: entry.status, proved_at: entry.created_at, receiver_name: receiverName, ...keys, stored_at: options.nowS() };
    await db.insertInto('proof_archive').values(row)
      .onConflict((oc) => oc.columns(['order_id', 'kind']).doUpdateSet({ status: row.status, proved_at: row.proved_at, receiver_name: row.receiver_name, ...keys, stored_at: row.stored_at }))
      .execute();
  };
}
