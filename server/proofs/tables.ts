/** One proof copied into the object store (migration 014, server/proofs/copyOnArrival.ts): an order's proof of one kind. */
export interface ProofArchiveTable {
  order_id: string;
  /** pickup, delivery or return. */
  kind: string;
  vendor_id: string;
  /** The status the proof came with (PICKED_UP, DELIVERED, RETURNED_TO_VENDOR). */
  status: string;
  /** Unix seconds the courier took the proof (the status change); retention counts from it. */
  proved_at: number;
  /** Who received the item: the rider at pickup, the recipient at delivery, the outlet on return. */
  receiver_name: string | null;
  /** Object store keys of the photo and of the record beside it. */
  photo_key: string;
  record_key: string;
  /** Object store key of the receiver's signature, null when the proof came without one. */
  signature_key: string | null;
  /** Unix seconds it was copied. */
  stored_at: number;
}
