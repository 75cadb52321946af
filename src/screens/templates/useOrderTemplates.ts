import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../adapters/ports';
import type { OrderTemplate, OrderTemplateBody } from '../../../domain/api';
import { orderTemplatesMachine } from '../../../machines/orderTemplates';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';

/** An outlet's saved templates with their effects: the template calls of the API client, the toasts. */
export function provideOrderTemplates(api: ApiClient, toast: (params: ToastParams) => void) {
  return orderTemplatesMachine.provide({
    actions: { toast: (_, params) => toast(params) },
    actors: {
      listTemplates: fromPromise<OrderTemplate[], { vendorId: string }>(({ input }) => api.listOrderTemplates(input.vendorId)),
      createTemplate: fromPromise<OrderTemplate, { vendorId: string; template: OrderTemplateBody }>(({ input }) =>
        api.createOrderTemplate(input.vendorId, input.template),
      ),
      updateTemplate: fromPromise<OrderTemplate, { vendorId: string; templateId: string; template: OrderTemplateBody }>(({ input }) =>
        api.updateOrderTemplate(input.vendorId, input.templateId, input.template),
      ),
      deleteTemplate: fromPromise<void, { vendorId: string; templateId: string }>(({ input }) => api.deleteOrderTemplate(input.vendorId, input.templateId)),
    },
  });
}

/** The templates of one outlet (a new outlet starts a new actor: key the caller by vendor). */
export function useOrderTemplates(api: ApiClient, vendorId: string) {
  const { show } = useToasts();
  const machine = useMemo(() => provideOrderTemplates(api, show), [api, show]);
  return useActorRef(machine, { ...inspectOptions(), input: { vendorId } });
}
