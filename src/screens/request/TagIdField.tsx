import { useSelector } from '@xstate/react';
import { TAG_ID_MAX_CHARS } from '../../../domain';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';
import { useFieldError } from './useFieldError';

/** TagIdCheck (SPEC §6): the optional number on the bag or parcel tag, which the rider checks at
 * pick-up. The order form's domain rule checks it on submit; the server keeps it with the order. */
export function TagIdField() {
  const t = useT();
  const fieldError = useFieldError();
  const { actor } = useRequestFlow();
  const tagId = useSelector(actor, (snapshot) => snapshot.context.draft.tagId);
  const error = useSelector(actor, (snapshot) => snapshot.context.errors.tagId ?? null);
  return (
    <TextField
      label={t('request.customer.tag-id')}
      helperText={t('request.customer.tag-id-helper')}
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      // A little room past the limit so a pasted tag shows its error instead of being cut silently.
      maxLength={TAG_ID_MAX_CHARS + 8}
      value={tagId}
      onValueChange={(value) => actor.send({ type: 'field.changed', field: 'tagId', value })}
      error={fieldError(error)}
    />
  );
}
