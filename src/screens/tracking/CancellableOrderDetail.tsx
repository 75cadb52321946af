import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import type { Order, Rider } from '../../../domain/types';
import { OrderDetail } from '../../components/orders/OrderDetail';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useOrderDetailFlags } from '../../components/orders/useOrderDetailFlags';
import { provideOrderCancel, type TrackingEffects } from './ordersMachineProvider';
import { inspectOptions } from '../../app/inspector';

interface Props {
  order: Order;
  rider: Rider | null;
  effects: TrackingEffects;
  onCancelled: (order: Order) => void;
}

/** The detail of one order with its own cancellation machine. Keyed by order and status by the
 * caller, so a status change starts a fresh machine that judges the new status. */
export function CancellableOrderDetail({ order, rider, effects, onCancelled }: Props) {
  const services = useOrdersServices();
  const flags = useFlags();
  const detailFlags = useOrderDetailFlags();
  const machine = useMemo(() => provideOrderCancel(services, effects, onCancelled), [services, effects, onCancelled]);
  const cancelActor = useActorRef(machine, { ...inspectOptions(),
    input: { order, delayedCancellation: isOn(flags, 'DelayedCancellation'), nowUnix: services.clock.nowUnix },
  });
  return <OrderDetail order={order} rider={rider} flags={detailFlags} cancelActor={cancelActor} />;
}
