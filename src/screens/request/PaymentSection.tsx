import { useSelector } from '@xstate/react';
import { isOn } from '../../app/flags/FlagsContext';
import { useT } from '../../i18n/useT';
import { cardFormOpen, cardFormPriceKey } from '../../../machines';
import { CardPayment } from './CardPayment';
import { ChoiceCards } from './ChoiceCards';
import { RequestSection } from './RequestSection';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';
import { useFieldError } from './useFieldError';
import { useRevealOnEntry } from './useRevealOnEntry';
import { VatNumberField } from './VatNumberField';
import { VoucherField } from './VoucherField';

/** Payment method (cash on delivery, online payment, as the country and vendor allow), the voucher,
 * and the card form when paying online. */
export function PaymentSection() {
  const t = useT();
  const fieldError = useFieldError();
  const { actor, flags } = useRequestFlow();
  const visible = useRequestTag('paymentShown');
  const onPaymentStep = useRequestTag('payment');
  const submitting = useRequestTag('submitting');
  const methods = useSelector(actor, (snapshot) => snapshot.context.availablePaymentMethods);
  const method = useSelector(actor, (snapshot) => snapshot.context.draft.paymentMethod);
  const methodError = useSelector(actor, (snapshot) => snapshot.context.errors.paymentMethod ?? null);
  const updating = useSelector(actor, (snapshot) => snapshot.context.orderId !== null);
  // A new fee or voucher needs a new payment intent: the card form starts over with it (machines/onlinePayment.ts).
  const priced = useSelector(actor, ({ context }) => cardFormPriceKey(context));
  const cardForm = useSelector(actor, cardFormOpen);
  const ref = useRevealOnEntry<HTMLElement>(onPaymentStep);

  return (
    <RequestSection ref={ref} id="request-payment" title={t('request.payment.title')} pending={!visible}>
      <ChoiceCards
        legend={t('request.payment.method')}
        value={method}
        disabled={submitting}
        onChange={(next) => actor.send({ type: 'payment.method.selected', method: next })}
        choices={methods.map((value) => ({ value, label: t(`request.payment.method.${value}`), description: t(`request.payment.method.${value}.description`) }))}
        error={fieldError(methodError)}
      />
      {isOn(flags, 'Voucher') && !updating && <VoucherField />}
      {method === 'ONLINE_PAYMENT' && visible && <VatNumberField />}
      {cardForm && <CardPayment key={priced} />}
    </RequestSection>
  );
}
