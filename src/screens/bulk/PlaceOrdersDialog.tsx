import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useT } from '../../i18n/useT';
import type { BulkJobActor } from './useBulkJobActor';

/** Confirms placing the job's valid rows; stays open, spinning, while they are placed. */
export function PlaceOrdersDialog({ actor }: { actor: BulkJobActor }) {
  const t = useT();
  const confirming = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'confirmingPlacement' }));
  const placing = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'placingOrders' }));
  const count = useSelector(actor, (snapshot) => snapshot.context.job?.totals.orders_to_be_placed ?? 0);
  return (
    <ConfirmDialog
      open={confirming || placing}
      loading={placing}
      title={t('bulk-order-upload.confirm.title', { count })}
      description={t('bulk-order-upload.confirm.description', { count })}
      cancelLabel={t('common.cancel')}
      submitLabel={t('bulk-order-upload.confirm.submit', { count })}
      onCancel={() => actor.send({ type: 'placement.dismissed' })}
      onSubmit={() => actor.send({ type: 'placement.confirmed' })}
    />
  );
}
