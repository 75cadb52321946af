import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { inspectOptions } from '../../app/inspector';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useSession } from '../../app/session/SessionContext';
import type { Order } from '../../../domain/types';
import type { LiveUpdateTarget } from '../../../machines/liveOrders';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { withLiveUpdate } from './mergeLiveOrders';
import { provideLiveOrders, type OrdersListActor } from './ordersMachineProvider';

/**
 * The live updates of one screen's orders (`target`: the tracking page takes today's, the history
 * older ones), kept as a map laid over the fetched list until the next fetch catches up, and the
 * fallback refresh of that list when updates stop. `applyLocal` lays an order the page itself
 * changed (a cancellation) over the list the same way. `onAnyUpdate` hears every update, of either
 * target (the tracking drawer keeps an earlier day's order it fetched up to date).
 */
export function useLiveOrders(list: OrdersListActor, target: LiveUpdateTarget, vendorId: string, onAnyUpdate?: (order: Order) => void) {
  const services = useOrdersServices();
  const session = useSession();
  const flags = useFlags();
  const timeZone = useVendorTimeZone(vendorId);
  const [live, setLive] = useState<ReadonlyMap<string, Order>>(() => new Map());
  const applyLocal = useCallback((order: Order) => setLive((known) => withLiveUpdate(known, order)), []);
  const applyUpdate = useCallback(
    (order: Order, updateTarget: LiveUpdateTarget) => {
      if (updateTarget === target) applyLocal(order);
      onAnyUpdate?.(order);
    },
    [target, applyLocal, onAnyUpdate],
  );
  const { sessionEnded } = session;
  const machine = useMemo(() => provideLiveOrders(services, list, applyUpdate, sessionEnded), [services, list, applyUpdate, sessionEnded]);
  const liveActor = useActorRef(machine, {
    ...inspectOptions(),
    input: {
      vendorId,
      isGuest: session.isGuest,
      dynamicTimeEstimation: isOn(flags, 'DynamicTimeEstimation'),
      timeZone,
      nowUnix: services.clock.nowUnix,
    },
  });

  const subscribed = useRef(vendorId);
  useEffect(() => {
    if (subscribed.current === vendorId) return;
    subscribed.current = vendorId;
    setLive(new Map());
    liveActor.send({ type: 'vendor.changed', vendorId });
  }, [vendorId, liveActor]);
  return { live, liveActor, applyLocal };
}
