// Vouchers and online payment: the wallet, the payment intent and its confirmation.
import type { Voucher } from '../../../domain/types';
import type { ConfirmedPayment, PaymentIntent, PaymentWallet, VoucherValidation } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function paymentCalls({ result }: CallHelpers): AreaCalls<'payments'> {
  return {
    validateVoucher: (voucher) =>
      result<VoucherValidation>({ service: 'orders', method: 'POST', path: '/voucher/validate', body: voucher }),
    getVoucher: (code) => result<Voucher>({ service: 'orders', method: 'GET', path: `/voucher/${segment(code)}` }),
    authorizePaymentWallet: (vendorId) =>
      result<PaymentWallet>({ service: 'orders', method: 'POST', path: `/order/payment/auth/${segment(vendorId)}`, body: {} }),
    createPaymentIntent: (intent) =>
      result<PaymentIntent>({ service: 'orders', method: 'POST', path: '/order/payment/intent', body: intent }),
    confirmPaymentIntent: (confirm) =>
      result<ConfirmedPayment>({
        service: 'orders',
        method: 'POST',
        path: '/order/payment/intent/confirm',
        body: confirm,
        idempotent: true,
      }),
  };
}
