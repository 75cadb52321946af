import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { readFilters } from '../../../adapters/storage/filtersStorage';
import { readSelectedVendorId } from '../../../adapters/storage/preferencesStorage';
import { provideVendorsMachine, type AppEffects } from '../machines';
import type { Services } from '../services';
import { useSession } from '../session/SessionContext';
import { VendorsContext, NO_VENDORS, type VendorsApi } from './VendorsContext';
import { inspectOptions } from '../inspector';

/** Vendors exist for signed-in vendor users; guests use the placeholder vendor and see no branch selector. */
export function VendorsRoot({ services, effects, children }: { services: Services; effects: AppEffects; children: ReactNode }) {
  const session = useSession();
  const active = session.isAuthenticated && !session.isGuest;
  if (!active) return <VendorsContext.Provider value={NO_VENDORS}>{children}</VendorsContext.Provider>;
  // Keyed by user: a new sign-in starts a fresh vendor list.
  return (
    <SignedInVendors key={session.user?.id ?? session.mode} services={services} effects={effects}>
      {children}
    </SignedInVendors>
  );
}

function SignedInVendors({ services, effects, children }: { services: Services; effects: AppEffects; children: ReactNode }) {
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
  return <VendorsContext.Provider value={api}>{children}</VendorsContext.Provider>;
}
