import type { GeoPoint } from '../../domain/types';
import { readFeeSignature, quoteMatches } from '../fees/signature';
import { ApiError, unprocessable } from '../http/errors';

/** API.md: an expired signature is 422 `SignatureExpired` (the browser recomputes and retries). */
export const SIGNATURE_EXPIRED = 'SignatureExpired';
/** A tampered, foreign or mismatching signature: the fee the browser shows is not ours. */
export const FEE_CHANGED = 'error.fee.changed';

export interface ExpectedFee {
  vendorId: string;
  source: GeoPoint;
  destination: GeoPoint;
  fee: number;
  voucherCode?: string | null;
  signature: string;
  field: string;
}

/** Throws 422 unless `signature` is ours, unexpired and binds exactly this vendor, route, fee and voucher. */
export async function assertSignedFee(expected: ExpectedFee, opts: { secret: string; nowUnix: number }): Promise<void> {
  const check = await readFeeSignature(expected.signature, opts);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new ApiError(422, SIGNATURE_EXPIRED, { field: expected.field, code: 'validation' })
      : unprocessable(FEE_CHANGED, expected.field);
  }
  if (!quoteMatches(check.quote, { ...expected, voucherCode: expected.voucherCode ?? null })) {
    throw unprocessable(FEE_CHANGED, expected.field);
  }
}
