import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, ApiKeyBody, ApiKeySummary, CreatedApiKey } from '../../../adapters/ports';
import { apiKeysMachine } from '../../../machines/apiKeys';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The Developers page's machine with its effects: the API-key calls of the API client, the toasts. */
export function provideApiKeys(api: ApiClient, toast: (params: ToastParams) => void) {
  return apiKeysMachine.provide({
    actions: { toast: (_, params) => toast(params) },
    actors: {
      listKeys: fromPromise<ApiKeySummary[], void>(() => api.listApiKeys()),
      createKey: fromPromise<CreatedApiKey, ApiKeyBody>(({ input }) => api.createApiKey(input)),
      revokeKey: fromPromise<true, { keyId: string }>(({ input }) => api.revokeApiKey(input.keyId)),
    },
  });
}

export function useApiKeys() {
  const services = useOrdersServices();
  const { show } = useToasts();
  const machine = useMemo(() => provideApiKeys(services.api, show), [services.api, show]);
  const actor = useActorRef(machine, inspectOptions());
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
