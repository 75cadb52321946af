// Vouchers (API.md "Vouchers and payment"): validate against a signed fee, read one.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Result, Voucher, VoucherValidation, VoucherValidationBody } from '../../domain/api';
import { assertVendorAccess, requireAuth } from '../auth/tenancy';
import { readFeeSignature, signFee } from '../fees/signature';
import { ApiError, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { FEE_CHANGED, SIGNATURE_EXPIRED } from '../orders/feeCheck';
import { discountedFee } from '../vouchers/discount';
import { findUsableVoucher } from '../vouchers/repository';

const INVALID_VOUCHER = 'voucher.error.validation.message';
const UNKNOWN_VOUCHER = 'voucher.error.get.message';

export async function voucherRoutes(fastify: FastifyInstance): Promise<void> {
  // Request types come from the route schemas (domain/api) themselves.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const side = app.orders;

  /**
   * The discount is computed on the fee the server signed (never on a number from the body) and
   * comes back with its own signature binding the voucher code, for POST /order.
   */
  app.post('/voucher/validate', {
    schema: { body: VoucherValidationBody, response: { 200: Result(VoucherValidation), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const now = side.nowUnix();
    const secret = side.config.secrets.feeSigningSecret;
    const check = await readFeeSignature(request.body.order.signature, { secret, nowUnix: now });
    if (!check.ok) {
      throw check.reason === 'expired' ? new ApiError(422, SIGNATURE_EXPIRED, { field: 'order.signature', code: 'validation' }) : unprocessable(FEE_CHANGED, 'order.signature');
    }
    if (check.quote.vendorId !== vendor.vendor_id || check.quote.fee !== request.body.order.delivery_fee || check.quote.voucherCode) {
      throw unprocessable(FEE_CHANGED, 'order.signature');
    }
    const voucher = await findUsableVoucher(side.db, request.body.code, now);
    if (!voucher) throw unprocessable(INVALID_VOUCHER, 'code');
    const fee = discountedFee(check.quote.fee, voucher, vendor.currency);
    const signed = await signFee({ ...check.quote, fee, voucherCode: voucher.code }, { secret, ttlSeconds: side.config.feeSignatureTtlS, nowUnix: now });
    return {
      result: {
        voucher: { code: voucher.code, amount: voucher.amount, type: voucher.type },
        delivery_fee: fee,
        signature: signed.signature,
        expires_at: signed.expires_at,
      },
    };
  });

  app.get<{ Params: { code: string } }>('/voucher/:code', { schema: { response: { 200: Result(Voucher), ...errorAnswers(401, 422) } } }, async (request) => {
    requireAuth(request);
    const voucher = await findUsableVoucher(side.db, request.params.code, side.nowUnix());
    if (!voucher) throw unprocessable(UNKNOWN_VOUCHER, 'code');
    return { result: { code: voucher.code, amount: voucher.amount, type: voucher.type, expires_at: voucher.expires_at ?? null } };
  });
}
