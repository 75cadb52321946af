import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import type { Order, Rider } from '../../../domain/types';
import type { OrderCancelActor } from '../../components/orders/CancelOrderDialog';
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

/** Runs one cancellation machine for the order as it is now and hands it up; renders nothing. */
function CancelMachine({ order, effects, onCancelled, onActor }: Omit<Props, 'rider'> & { onActor: (actor: OrderCancelActor) => void }) {
  const services = useOrdersServices();
  const flags = useFlags();
  const machine = useMemo(() => provideOrderCancel(services, effects, onCancelled), [services, effects, onCancelled]);
  const actor = useActorRef(machine, { ...inspectOptions(),
    input: { order, delayedCancellation: isOn(flags, 'DelayedCancellation'), nowUnix: services.clock.nowUnix },
  });
  // Before paint, so the detail never shows a frame without its cancel button.
  useLayoutEffect(() => onActor(actor), [actor, onActor]);
  return null;
}

/** The detail of one order with its own cancellation machine. The machine judges the order it was
 * started with, so it is started afresh on each status; the detail itself (and its map, which takes
 * seconds to draw) stays mounted while the order moves. Keyed by order by the caller. */
export function CancellableOrderDetail({ order, rider, effects, onCancelled }: Props) {
  const detailFlags = useOrderDetailFlags();
  const [cancelActor, setCancelActor] = useState<OrderCancelActor | null>(null);
  return (
    <>
      <CancelMachine key={order.status} order={order} effects={effects} onCancelled={onCancelled} onActor={setCancelActor} />
      {cancelActor && <OrderDetail order={order} rider={rider} flags={detailFlags} cancelActor={cancelActor} recipientMessages />}
    </>
  );
}
