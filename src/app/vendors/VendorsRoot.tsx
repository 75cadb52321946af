import { lazy, Suspense, useState, type ReactNode } from 'react';
import { readFilters } from '../../../adapters/storage/filtersStorage';
import { chunk } from '../lazyChunks';
import type { AppEffects } from '../machines';
import type { Services } from '../services';
import { useSession } from '../session/SessionContext';
import { VendorsContext, NO_VENDORS, type VendorsApi } from './VendorsContext';

// The vendors machine loads with the first signed-in vendor user, not with the public pages; a chunk that
// fails to load is retried by the app-load machine as the screens' chunks are (lazyChunks.ts).
const VendorsActor = lazy(chunk('vendors', async () => ({ default: (await import('./VendorsActor')).VendorsActor })));

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
  // Until the machine's chunk runs, what the machine starts with: a list loading (so every role-dependent
  // part waits, domain/teams/vendorAccess.ts), the remembered outlets toggle.
  const [api, setApi] = useState<VendorsApi>(() => ({ ...NO_VENDORS, list: 'loading', includeOutlets: readFilters(services.storage)?.enableToggleOutlet ?? false }));
  // The machine beside the pages, not around them: the pages render (and their chunks load) while it loads.
  return (
    <>
      <Suspense fallback={null}>
        <VendorsActor services={services} effects={effects} onChange={setApi} />
      </Suspense>
      <VendorsContext.Provider value={api}>{children}</VendorsContext.Provider>
    </>
  );
}
