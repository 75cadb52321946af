import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { isOn } from '../../app/flags/FlagsContext';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { cardDigits, groupCardNumber, parseExpiry, passesLuhn } from './cardNumber';
import { ChoiceCards } from './ChoiceCards';
import { paymentOrderPayload } from './paymentOrderPayload';
import { providePaymentMachine } from './requestMachineProvider';
import { NewFeeDialog } from './NewFeeDialog';
import { paymentInputOf } from '../../../machines';
import { useRequestFlow } from './RequestFlowContext';
import { FieldRow } from './RequestSection';
import { inspectOptions } from '../../app/inspector';
import { useNewCardSender, type TypedCard } from './useNewCardSender';

/** Online payment: a saved card or a new one (name on card, number, expiry, CVV/CVC, save), then the
 * provider's answer: paid, declined, or a challenge page. A new card goes to the first card provider
 * as typed (the sandbox), or under TaiwanCardProvider to the second one, encrypted on this device. */
export function CardPayment() {
  const t = useT();
  const message = useMessage();
  const { actor: request, services, effects, isGuest, currency, flags } = useRequestFlow();
  const machine = useMemo(
    () =>
      providePaymentMachine(services, effects, () => paymentOrderPayload(request.getSnapshot().context), {
        isGuest,
        feeRenewed: (fees) => request.send({ type: 'fee.renewed', ...fees }),
      }),
    [services, effects, request, isGuest],
  );
  const payment = useActorRef(machine, { ...inspectOptions(), input: paymentInputOf(request.getSnapshot().context, currency) });
  const state = useSelector(payment, (snapshot) => snapshot.value);
  const paymentContext = useSelector(payment, (snapshot) => snapshot.context);
  const canPay = useSelector(payment, (snapshot) => snapshot.can({ type: 'payment.confirmed' }));
  const [typed, setTyped] = useState<TypedCard>({ number: '', expiry: '', cvc: '' });
  const encryptsCard = isOn(flags, 'TaiwanCardProvider');
  const encryptionFailed = useSelector(payment, (snapshot) => snapshot.matches({ choosingCard: 'encryptionFailed' }));
  const sendCard = useNewCardSender(payment, encryptsCard, services.clock);

  const changeCard = (next: TypedCard) => {
    setTyped(next);
    sendCard(next, paymentContext.nameOnCard);
  };

  if (state === 'authorizing' || state === 'creatingIntent' || state === 'checkingMethods' || state === 'renewingSignature') {
    return (
      <>
        <Spinner label={t('request.card.preparing')} />
        <NewFeeDialog owner={payment} />
      </>
    );
  }
  if (state === 'failed') {
    return (
      <Notice kind="error">
        {message(paymentContext.error ?? 'error.payment.init')}{' '}
        <Button variant="secondary" onClick={() => payment.send({ type: 'retry' })}>
          {t('request.action.retry')}
        </Button>
      </Notice>
    );
  }
  if (state === 'redirecting' || state === 'paid') return <Spinner label={t('request.card.redirecting')} />;

  const digits = cardDigits(typed.number);
  const expiry = parseExpiry(typed.expiry);
  const choice = paymentContext.newOrExistingCard;
  const savedCards = paymentContext.creditCards;
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        payment.send({ type: 'payment.confirmed' });
      }}
      noValidate
      aria-label={t('request.card.title')}
    >
      {savedCards.length > 0 && (
        <ChoiceCards<string>
          legend={t('request.card.choose')}
          value={choice === 'EXISTING' ? paymentContext.selectedCreditCard : choice === 'NEW' ? 'NEW' : null}
          onChange={(value) =>
            value === 'NEW' ? payment.send({ type: 'card.choice.changed', choice: 'NEW' }) : payment.send({ type: 'card.selected', cardId: value })
          }
          choices={[
            ...savedCards.map((card) => ({
              value: card.id,
              label: t('request.card.saved', { scheme: card.scheme.toUpperCase(), last4: card.lastDigits }),
              description: t('request.card.saved.details', {
                name: card.holderName,
                expiry: `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`,
              }),
            })),
            { value: 'NEW', label: t('request.card.new') },
          ]}
        />
      )}
      {(savedCards.length === 0 || choice === 'NEW') && (
        <>
          <TextField
            label={t('request.card.name')}
            autoComplete="cc-name"
            value={paymentContext.nameOnCard}
            onFocus={() => choice !== 'NEW' && payment.send({ type: 'card.choice.changed', choice: 'NEW' })}
            onValueChange={(name) => {
              if (choice !== 'NEW') payment.send({ type: 'card.choice.changed', choice: 'NEW' });
              payment.send({ type: 'card.name.changed', name });
              // The encrypted card carries the name: it is encrypted again with the new one.
              sendCard(typed, name);
            }}
          />
          <TextField
            label={t('request.card.number')}
            autoComplete="cc-number"
            inputMode="numeric"
            dir="ltr"
            value={groupCardNumber(digits)}
            onValueChange={(number) => changeCard({ ...typed, number })}
            error={digits.length >= 12 && !passesLuhn(digits) ? t('request.card.invalid-number') : null}
          />
          <FieldRow>
            <TextField
              label={t('request.card.expiry')}
              autoComplete="cc-exp"
              inputMode="numeric"
              dir="ltr"
              placeholder="MM/YY"
              value={typed.expiry}
              onValueChange={(value) => changeCard({ ...typed, expiry: value.replace(/[^\d/]/g, '').slice(0, 5) })}
              error={typed.expiry.length >= 4 && !expiry ? t('request.card.invalid-expiry') : null}
            />
            <TextField
              label={t('request.card.cvc')}
              autoComplete="cc-csc"
              inputMode="numeric"
              dir="ltr"
              value={typed.cvc}
              onValueChange={(value) => changeCard({ ...typed, cvc: value.replace(/\D/g, '').slice(0, 4) })}
            />
          </FieldRow>
          {encryptsCard && <Note>{t('request.card.encrypted-note')}</Note>}
          {encryptsCard && encryptionFailed && <Notice kind="error">{t('request.card.encryption-failed')}</Notice>}
          <Checkbox
            checked={paymentContext.saveCreditCard}
            onCheckedChange={() => payment.send({ type: 'card.save.toggled' })}
            label={t('request.card.save')}
          />
        </>
      )}
      {paymentContext.error && <Notice kind="error">{message(paymentContext.error)}</Notice>}
      <Button type="submit" fullWidth loading={state === 'confirming'} disabled={!canPay}>
        {t('request.card.pay')}
      </Button>
    </Form>
  );
}

const Note = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;
