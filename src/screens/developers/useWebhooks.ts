import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret } from '../../../adapters/ports';
import { webhooksMachine } from '../../../machines/webhooks';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';
import { useWebhookChanges } from '../../app/webhooks/WebhookChangesContext';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The Webhooks section's machine with its effects: the webhook calls of the API client, the toasts,
 * and telling the app-wide failing-endpoint banner that endpoints may have changed. */
export function provideWebhooks(api: ApiClient, toast: (params: ToastParams) => void, announceChange: () => void) {
  return webhooksMachine.provide({
    actions: { toast: (_, params) => toast(params), endpointsChanged: () => announceChange() },
    actors: {
      listWebhooks: fromPromise<WebhookEndpoint[], void>(() => api.listWebhooks()),
      createWebhook: fromPromise<WebhookEndpointWithSecret, WebhookEndpointBody>(({ input }) => api.createWebhook(input)),
      deleteWebhook: fromPromise<true, { endpointId: string }>(({ input }) => api.deleteWebhook(input.endpointId)),
      rotateWebhookSecret: fromPromise<WebhookEndpointWithSecret, { endpointId: string }>(({ input }) => api.rotateWebhookSecret(input.endpointId)),
      listDeliveries: fromPromise<WebhookDelivery[], { endpointId: string; filter: WebhookDeliveryQuery }>(({ input }) => api.listWebhookDeliveries(input.endpointId, input.filter)),
      resendDelivery: fromPromise<true, { endpointId: string; deliveryId: string }>(({ input }) => api.resendWebhookDelivery(input.endpointId, input.deliveryId)),
      sendTestEvent: fromPromise<unknown, { endpointId: string }>(({ input }) => api.sendWebhookTestEvent(input.endpointId)),
    },
  });
}

export function useWebhooks() {
  const services = useOrdersServices();
  const { show } = useToasts();
  const changes = useWebhookChanges();
  const machine = useMemo(() => provideWebhooks(services.api, show, changes.announce), [services.api, show, changes]);
  const actor = useActorRef(machine, inspectOptions());
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
