import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { providePublicTracking } from './publicTrackingProvider';
import { inspectOptions } from '../../app/inspector';

/** The public tracking machine for one link: its view, state and a retry. */
export function usePublicTracking(orderId: string, token: string) {
  const { api } = useOrdersServices();
  const actor = useActorRef(useMemo(() => providePublicTracking(api), [api]), { ...inspectOptions(), input: { orderId, token } });
  const view = useSelector(actor, (snapshot) => snapshot.context.view);
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  return { view, errorKey, state, retry: () => actor.send({ type: 'retry' }) };
}
