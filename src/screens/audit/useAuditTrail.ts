import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AuditEvent, AuditQuery } from '../../../adapters/ports';
import { auditTrailMachine } from '../../../machines/auditTrail';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';
import { useOrdersServices, type OrdersServices } from '../../components/orders/OrdersServicesContext';

/** The Audit page's machine with its effects: the audit calls of the API client, saving the CSV, the toasts. */
export function provideAuditTrail(services: Pick<OrdersServices, 'api' | 'saveFile'>, toast: (params: ToastParams) => void) {
  return auditTrailMachine.provide({
    actions: {
      toast: (_, params) => toast(params),
      saveFile: (_, params) => services.saveFile(params.file, params.fileName),
    },
    actors: {
      listEvents: fromPromise<AuditEvent[], { vendorId: string; filter: AuditQuery }>(({ input }) => services.api.listAuditEvents(input.vendorId, input.filter)),
      downloadCsv: fromPromise<{ file: Blob; fileName: string }, { vendorId: string; filter: AuditQuery }>(({ input }) =>
        services.api.downloadAuditCsv(input.vendorId, input.filter)),
    },
  });
}

/** The machine for `vendorId` (its outlets included); a change of the selected vendor is sent as `vendor.selected`. */
export function useAuditTrail(vendorId: string) {
  const services = useOrdersServices();
  const { show } = useToasts();
  const machine = useMemo(() => provideAuditTrail(services, show), [services, show]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId } });
  useEffect(() => actor.send({ type: 'vendor.selected', vendorId }), [actor, vendorId]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, clock: services.clock };
}
