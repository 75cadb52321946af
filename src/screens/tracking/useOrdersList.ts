import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { inspectOptions } from '../../app/inspector';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useToasts } from '../../app/toasts/ToastContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { ordersListInput, provideOrdersList, type OrdersListKind, type TrackingEffects } from './ordersMachineProvider';

/** The screen's effects for its machines (toasts), stable across renders. */
export function useOrdersEffects(): TrackingEffects {
  const { show } = useToasts();
  return useMemo(() => ({ toast: show }), [show]);
}

/**
 * One orders list machine for the tracking, history or guest screen. A vendor change and the
 * include-all-outlets toggle reach it as events (the URL is rewritten by the shell), so the shown
 * orders stay until the new ones arrive.
 */
export function useOrdersList(kind: OrdersListKind, vendorId: string) {
  const services = useOrdersServices();
  const effects = useOrdersEffects();
  const timeZone = useVendorTimeZone(vendorId);
  const { includeOutlets, showToggleOutlet } = useVendors();
  const outletsIncluded = kind !== 'guest' && showToggleOutlet && includeOutlets;
  const machine = useMemo(() => provideOrdersList(kind, services, effects, timeZone), [kind, services, effects, timeZone]);
  const list = useActorRef(machine, { ...inspectOptions(), input: ordersListInput(kind, services, vendorId, timeZone, outletsIncluded) });

  const applied = useRef({ vendorId, outletsIncluded });
  useEffect(() => {
    if (applied.current.vendorId === vendorId) return;
    applied.current.vendorId = vendorId;
    list.send({ type: 'vendor.changed', vendorId });
  }, [vendorId, list]);
  useEffect(() => {
    if (applied.current.outletsIncluded === outletsIncluded) return;
    applied.current.outletsIncluded = outletsIncluded;
    list.send({ type: 'filters.changed', filters: { includeOutlets: outletsIncluded } });
  }, [outletsIncluded, list]);
  return { list, effects };
}
