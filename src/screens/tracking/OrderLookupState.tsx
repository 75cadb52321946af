import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { orderDrawerMachine } from '../../../machines/orderDrawer';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';

export type OrderDrawerActor = ActorRefFrom<typeof orderDrawerMachine>;

/** The drawer's body while an order outside the lists is on its way, or when it could not be had:
 * a spinner, or the translated reason with retry. A missing or foreign order shows nothing of it. */
export function OrderLookupState({ drawer }: { drawer: OrderDrawerActor }) {
  const t = useT();
  const failure = useSelector(drawer, (snapshot) => (snapshot.matches('failed') ? snapshot.context.failure : null));
  if (failure === null) return <Spinner size={32} label={t('common.loading')} />;
  const retry = <Button onClick={() => drawer.send({ type: 'retry' })}>{t('common.retry')}</Button>;
  return failure === 'notFound' ? (
    <EmptyState title={t('error.order-not-found')} description={t('tracking.order.not-found.hint')} action={retry} />
  ) : (
    <EmptyState title={t('tracking.order.load-failed')} description={t('error.offline')} action={retry} />
  );
}
