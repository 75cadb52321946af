import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { SentNotification } from '../../../adapters/ports';
import { recipientMessagesMachine } from '../../../machines/recipientMessages';
import { inspectOptions } from '../../app/inspector';
import { useOrdersServices } from './OrdersServicesContext';

/** The order's recipient message log, read again each time `status` changes. */
export function useRecipientMessages(vendorId: string, orderId: string, status: string) {
  const services = useOrdersServices();
  const machine = useMemo(
    () => recipientMessagesMachine.provide({
      actors: {
        listMessages: fromPromise<SentNotification[], { vendorId: string; orderId: string }>(({ input }) =>
          services.api.listRecipientMessages(input.vendorId, input.orderId)),
      },
    }),
    [services.api],
  );
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId, orderId } });
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    actor.send({ type: 'order.changed' });
  }, [actor, status]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
