import { useSelector } from '@xstate/react';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** Keeps this customer and address in the vendor's address book for the next orders (SPEC §2). */
export function SaveToAddressBook() {
  const t = useT();
  const { actor } = useRequestFlow();
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'address.save.requested' }));
  const saving = useRequestTag('savingAddress');
  return (
    <Button variant="secondary" loading={saving} disabled={!canSave} onClick={() => actor.send({ type: 'address.save.requested' })}>
      {t('request.address-book.save')}
    </Button>
  );
}
