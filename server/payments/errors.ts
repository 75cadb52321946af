// Misuse of the payment provider (not a decline, which is a normal outcome).
export type PaymentErrorCode =
  | 'intent_not_found'
  | 'invalid_token'
  | 'invalid_instrument'
  | 'card_required'
  | 'invalid_encrypted_card'
  | 'invalid_amount'
  | 'invalid_currency'
  | 'invalid_payment_method'
  | 'invalid_return_url'
  | 'invalid_state'
  | 'already_captured'
  | 'not_captured';

export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
