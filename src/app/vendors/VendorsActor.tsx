import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { readFilters } from '../../../adapters/storage/filtersStorage';
import { readSelectedVendorId } from '../../../adapters/storage/preferencesStorage';
import type { AppEffects } from '../machines';
import { inspectOptions } from '../inspector';
import type { Services } from '../services';
import { provideVendorsMachine } from './provideVendorsMachine';
import type { VendorsApi } from './VendorsContext';

/**
 * Runs the vendors machine of a signed-in vendor user and hands its list and selection, as views see
 * them, to VendorsRoot. A chunk of its own: the public pages never load the machine.
 */
export function VendorsActor({ services, effects, onChange }: { services: Services; effects: AppEffects; onChange: (api: VendorsApi) => void }) {
  const machine = useMemo(() => provideVendorsMachine(services, effects), [services, effects]);
  const actor = useActorRef(machine, { ...inspectOptions(),
    input: { preferredVendorId: readSelectedVendorId(services.storage), includeOutlets: readFilters(services.storage)?.enableToggleOutlet ?? false },
  });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  // Until the list answers (a reload too), no role is known.
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const api = useMemo<VendorsApi>(() => {
    const selected = context.vendors.find((vendor) => vendor.vendor_id === context.selectedId) ?? null;
    return {
      list: loading ? 'loading' : 'loaded',
      vendors: context.vendors,
      selected,
      select: (vendorId) => actor.send({ type: 'vendor.selected', vendorId }),
      showToggleOutlet: context.outletOrdersAllowed,
      includeOutlets: context.includeOutlets,
      setIncludeOutlets: (include) => actor.send({ type: 'outlets.toggled', include }),
    };
  }, [context, loading, actor]);
  useEffect(() => onChange(api), [api, onChange]);
  return null;
}
