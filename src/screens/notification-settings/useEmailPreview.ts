import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, EmailPreview, EmailPreviewQuery } from '../../../adapters/ports';
import { emailPreviewMachine } from '../../../machines/emailPreview';
import { inspectOptions } from '../../app/inspector';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The e-mail preview's machine with its one effect: the preview call of the API client. */
export function provideEmailPreview(api: ApiClient) {
  return emailPreviewMachine.provide({
    actors: { loadPreview: fromPromise<EmailPreview, { vendorId: string; query: EmailPreviewQuery }>(({ input }) => api.getEmailPreview(input.vendorId, input.query)) },
  });
}

/** The preview for `vendorId`; a change of outlet is sent to it as `outlet.selected`. */
export function useEmailPreview(vendorId: string) {
  const services = useOrdersServices();
  const machine = useMemo(() => provideEmailPreview(services.api), [services.api]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId, event: 'on_the_way', language: null } });
  useEffect(() => actor.send({ type: 'outlet.selected', vendorId }), [actor, vendorId]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
