import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bulkJobMachine } from '../../../machines/bulkJob';
import { useToasts } from '../../app/toasts/ToastContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { provideBulkJobMachine, type BulkScreenEffects } from './bulkMachineProvider';
import { inspectOptions } from '../../app/inspector';

export type BulkJobActor = ActorRefFrom<typeof bulkJobMachine>;

/**
 * The screen's bulkJob actor, kept in step with the address bar: a new vendor id in the URL is a
 * vendor change (SPEC §2: reset and that vendor's history), a job id is that job's details, and
 * leaving the job's URL (the browser's back button) closes it.
 */
export function useBulkJobActor(vendorId: string, routeJobId: string | null): BulkJobActor {
  const services = useOrdersServices();
  const { show } = useToasts();
  const navigate = useNavigate();
  // Read through a ref: the vendors API is a new object on every vendors change, the machine is made once.
  const currentVendors = useVendors();
  const vendors = useRef(currentVendors);
  vendors.current = currentVendors;
  const effects = useMemo<BulkScreenEffects>(
    () => ({
      toast: show,
      navigate: (path, { replace }) => void navigate({ href: path, replace }),
      includeAllOutlets: () => vendors.current.setIncludeOutlets(true),
    }),
    [show, navigate],
  );
  const machine = useMemo(() => provideBulkJobMachine(services, effects), [services, effects]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId } });

  const shownVendor = useRef(vendorId);
  useEffect(() => {
    if (shownVendor.current === vendorId) return;
    shownVendor.current = vendorId;
    actor.send({ type: 'vendor.changed', vendorId });
  }, [actor, vendorId]);

  // Only a change of the URL is acted on: the machine itself moves the URL when it shows a new job.
  useEffect(() => {
    const { context } = actor.getSnapshot();
    const held = context.requestedJobId ?? context.job?.bulk_job_id ?? null;
    if (routeJobId !== null && routeJobId !== held) actor.send({ type: 'job.opened', jobId: routeJobId });
    if (routeJobId === null && held !== null) actor.send({ type: 'cancelled' });
  }, [actor, routeJobId, vendorId]);

  return actor;
}
