import { useSelector } from '@xstate/react';
import { characterCount, countryConfig, LIMITS } from '../../../domain';
import { isOn } from '../../app/flags/FlagsContext';
import { PhoneInput } from '../../components/PhoneInput';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { languageName } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { groupAmount, ungroupAmount } from './amountText';
import { FieldRow, RequestSection } from './RequestSection';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';
import { TagIdField } from './TagIdField';
import { useFieldError } from './useFieldError';
import { useRevealOnEntry } from './useRevealOnEntry';

/** Customer details and what is delivered: name, phone, the optional e-mail and language of the
 * recipient's messages, description, the amount to collect and, under TagIdCheck, the parcel's tag id. */
export function CustomerSection() {
  const t = useT();
  const fieldError = useFieldError();
  const { actor, countryCode, currency, locale, flags } = useRequestFlow();
  const detailsShown = useRequestTag('detailsShown');
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const grouping = isOn(flags, 'DigitGrouping');
  // The tag is given when the order is placed; an edit (PUT /order) does not carry it.
  const creating = useSelector(actor, (snapshot) => snapshot.context.orderId === null);
  const errorKeys = Object.keys(errors).join(',');
  const ref = useRevealOnEntry<HTMLElement>(errorKeys !== '', errorKeys);

  return (
    <RequestSection ref={ref} id="request-customer" title={t('request.customer.title')} pending={!detailsShown}>
      <FieldRow>
        <TextField
          label={t('request.customer.name')}
          autoComplete="off"
          value={draft.destinationName}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationName', value })}
          error={fieldError(errors.destinationName)}
        />
        <PhoneInput
          label={t('request.customer.phone')}
          country={countryCode}
          autoComplete="off"
          value={draft.destinationPhoneNumber}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationPhoneNumber', value })}
          error={fieldError(errors.destinationPhoneNumber)}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label={t('request.customer.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          value={draft.destinationEmail}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationEmail', value })}
          error={fieldError(errors.destinationEmail)}
          helperText={t('request.customer.email-helper')}
        />
        {/* The recipient's messages are written in one of the country's languages, each named in itself. */}
        <Select
          label={t('request.customer.language')}
          value={draft.destinationLanguage}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationLanguage', value })}
          options={[
            { value: '', label: t('request.customer.language-default') },
            ...countryConfig(countryCode).languages.map((language) => ({ value: language, label: languageName(language) })),
          ]}
        />
      </FieldRow>
      <TextArea
        label={t('request.customer.description')}
        value={draft.orderDescription}
        onValueChange={(value) => actor.send({ type: 'field.changed', field: 'orderDescription', value })}
        error={fieldError(errors.orderDescription)}
        helperText={t('request.customer.description-count', {
          count: characterCount(draft.orderDescription),
          max: LIMITS.descriptionMaxChars,
        })}
      />
      <TextField
        label={t('request.customer.amount', { currency })}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={grouping ? groupAmount(draft.orderAmount, locale) : draft.orderAmount}
        onValueChange={(value) => actor.send({ type: 'field.changed', field: 'orderAmount', value: ungroupAmount(value, locale) })}
        error={fieldError(errors.orderAmount)}
        helperText={t('request.customer.amount-helper')}
      />
      {isOn(flags, 'TagIdCheck') && creating && <TagIdField />}
    </RequestSection>
  );
}
