import { useCallback, useEffect, useRef } from 'react';
import type { Clock, PaymentCardFields } from '../../../adapters/ports';
import type { CardProvider, NewCardData, PaymentEvent } from '../../../machines';
import { cardDigits, cardSchemeOf, isCvcValid, isExpiryInFuture, parseExpiry, passesLuhn } from './cardNumber';

/** The card fields as the payer types them. */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** What every card provider reports of a typed card; `validExpiry` is set only when the whole card is valid. */
export function describeTypedCard(typed: TypedCard, nowUnix: number) {
  const digits = cardDigits(typed.number);
  const expiry = parseExpiry(typed.expiry);
  const today = new Date(nowUnix * 1000);
  const isValid =
    passesLuhn(digits) && expiry !== null && isExpiryInFuture(expiry, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 }) && isCvcValid(typed.cvc, digits);
  const summary: NewCardData = {
    isValid,
    cardLastDigits: digits.slice(-4),
    bin: digits.slice(0, 6),
    expiryMonth: expiry ? String(expiry.month) : undefined,
    expiryYear: expiry ? String(expiry.year) : undefined,
    scheme: cardSchemeOf(digits),
  };
  return { digits, summary, validExpiry: isValid ? expiry : null };
}

interface PaymentActor {
  send(event: PaymentEvent): void;
}

/**
 * Sends each change of the typed card or of the name on it to the payment machine. Without
 * `encrypts`, the first card provider gets the card as typed (the sandbox provider). With it
 * (TaiwanCardProvider), the second provider gets the card's summary, and a complete, valid card is
 * handed to the machine to encrypt on this device (the machine keeps the card invalid until the
 * latest encryption answers, and drops outdated ones).
 */
export function useNewCardSender(payment: PaymentActor, encrypts: boolean, clock: Clock) {
  const lastCard = useRef<{ typed: TypedCard; holderName: string } | null>(null);

  const send = useCallback(
    (typed: TypedCard, holderName: string) => {
      lastCard.current = { typed, holderName };
      const { digits, summary, validExpiry: expiry } = describeTypedCard(typed, clock.nowUnix());
      if (!encrypts) {
        payment.send({ type: 'card.data.changed', provider: 'primary', data: { ...summary, cardNumber: digits, securityCode: typed.cvc } });
        return;
      }
      const card: NewCardData = { ...summary, holderName };
      if (!expiry) {
        payment.send({ type: 'card.data.changed', provider: 'secondary', data: card });
        return;
      }
      const fields: PaymentCardFields = { number: digits, expiry_month: expiry.month, expiry_year: expiry.year, cvc: typed.cvc, holder_name: holderName };
      payment.send({ type: 'card.encryption.requested', fields, card });
    },
    [payment, encrypts, clock],
  );

  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    // The flag answered differently: the card typed so far leaves one provider for the other.
    const card = lastCard.current;
    if (!card) return;
    const previous: CardProvider = encrypts ? 'primary' : 'secondary';
    payment.send({ type: 'card.data.changed', provider: previous, data: null });
    sendRef.current(card.typed, card.holderName);
  }, [encrypts, payment]);

  return send;
}
