import type { GeoPoint } from '../domain';
import type { SignedFee } from '../domain/api';

// The delivery fee as the courier platform signs it (API.md POST /delivery/fee), shared by the request
// flow and the signature retry: the wire shape itself, {fee, signature, expires_at}; a voucher's
// discounted fee comes back from POST /voucher/validate in the same three parts.
export type { SignedFee };

export interface FeeRequest {
  vendorId: string;
  source: GeoPoint;
  destination: GeoPoint;
}

/** The server's message when a signed fee is too old (SPEC.md §4 "Signature handling"). */
export const SIGNATURE_EXPIRED = 'SignatureExpired';

/** A voucher applied to a signed fee (API.md POST /voucher/validate): its discount is signed for that fee. */
export interface AppliedVoucher {
  code: string;
  orderTime: number;
}

export interface DiscountFeeInput extends AppliedVoucher {
  vendorId: string;
  fee: SignedFee;
}
