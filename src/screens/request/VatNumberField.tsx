import { useSelector } from '@xstate/react';
import { isValidVatNumber, LIMITS } from '../../../domain';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';

/** The business's VAT number for the invoice of an online payment (8 characters, SPEC §5). */
export function VatNumberField() {
  const t = useT();
  const { actor } = useRequestFlow();
  const vatNumber = useSelector(actor, (snapshot) => snapshot.context.vatNumber ?? '');
  const invalid = vatNumber !== '' && !isValidVatNumber(vatNumber);
  return (
    <TextField
      label={t('request.vat.label')}
      value={vatNumber}
      dir="ltr"
      autoComplete="off"
      maxLength={LIMITS.vatNumberLength}
      onValueChange={(value) => actor.send({ type: 'vat.changed', vatNumber: value.trim() })}
      error={invalid ? t('request.vat.invalid', { length: LIMITS.vatNumberLength }) : null}
      helperText={t('request.vat.helper')}
    />
  );
}
