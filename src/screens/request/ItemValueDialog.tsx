import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** SPEC §4: an order-item value above the country's limit asks for a confirmation. */
export function ItemValueDialog() {
  const t = useT();
  const { actor, locale, currency } = useRequestFlow();
  const open = useRequestTag('confirmingItemValue');
  const limit = useSelector(actor, (snapshot) => snapshot.context.orderItemValueExceedValidation.limit);
  return (
    <ConfirmDialog
      open={open}
      title={t('request.item-value.title')}
      description={t('request.item-value.description', { limit: formatMoney(limit, { locale, currency }) })}
      cancelLabel={t('request.item-value.edit')}
      submitLabel={t('request.item-value.confirm')}
      onCancel={() => actor.send({ type: 'itemValue.dismissed' })}
      onSubmit={() => actor.send({ type: 'itemValue.confirmed' })}
    />
  );
}
