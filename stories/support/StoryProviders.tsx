// The app's providers for a screen story, as src/app/App.tsx composes them, over in-memory services.
// Theme, language, toasts and the map port come from the global decorator in .storybook/preview.tsx.
import { useMemo, useState, type ReactNode } from 'react';
import { fn } from 'storybook/test';
import type { AuthUser } from '../../adapters/ports';
import type { Vendor } from '../../domain/types';
import { AccountContext, type AccountActions } from '../../src/app/account/AccountContext';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { HelpCentreRoot } from '../../src/app/helpCentre/HelpCentreRoot';
import { SessionContext, SIGNED_OUT, type SessionApi, type SessionView } from '../../src/app/session/SessionContext';
import { VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { RequestServicesContext } from '../../src/screens/request/RequestServicesContext';
import type { StoryServices } from './storyServices';
import type { StoryWorld } from './storyWorld';

export type StorySessionKind = 'signedOut' | 'vendor' | 'guest';

const DEMO_USER: AuthUser = { id: 'user-1', email: 'vendor@example.com' };

const SESSION_VIEWS: Record<StorySessionKind, SessionView> = {
  signedOut: SIGNED_OUT,
  vendor: { mode: 'CLASSIC', status: 'signedIn', user: DEMO_USER, isAuthenticated: true, isGuest: false, authorization: 'Bearer story-vendor' },
  guest: { mode: 'GUEST', status: 'signedIn', user: null, isAuthenticated: true, isGuest: true, authorization: 'Bearer story-guest' },
};

/** The session as views see it; its commands show up in Storybook's actions panel. */
export function storySession(kind: StorySessionKind): SessionApi {
  return {
    ...SESSION_VIEWS[kind],
    login: fn().mockName('session.login'),
    logout: fn().mockName('session.logout'),
    startGuest: fn(async () => undefined).mockName('session.startGuest'),
    sessionEnded: fn().mockName('session.sessionEnded'),
    adoptLogin: fn().mockName('session.adoptLogin'),
  };
}

interface Props {
  session: StorySessionKind;
  world: StoryWorld;
  services: StoryServices;
  /** The selected branch; the first vendor of the world when not given. */
  selectedVendorId?: string;
  children: ReactNode;
}

export function StoryProviders({ session, world, services, selectedVendorId, children }: Props) {
  const sessionApi = useMemo(() => storySession(session), [session]);
  const vendors = useStoryVendors(session === 'vendor' ? world.vendors : [], selectedVendorId);
  const account = useMemo<AccountActions>(
    () => ({
      register: (body) => services.api.register(body),
      requestPasswordReset: (email) => services.api.forgotPassword(email),
      resendVerification: (email) => services.api.resendVerification(email),
      resetPassword: (email, code, password) => services.api.resetPassword(email, code, password),
      getInvitation: (token) => services.api.getInvitation(token),
      acceptInvitation: (token, password) => services.api.acceptInvitation(token, password),
    }),
    [services.api],
  );
  return (
    <SessionContext.Provider value={sessionApi}>
      <StaticFlags flags={world.flags}>
        <VendorsContext.Provider value={vendors}>
          <AccountContext.Provider value={account}>
            <HelpCentreRoot api={services.api}>
              <RequestServicesContext.Provider value={services}>
                <OrdersServicesProvider services={services}>
                  {children}
                </OrdersServicesProvider>
              </RequestServicesContext.Provider>
            </HelpCentreRoot>
          </AccountContext.Provider>
        </VendorsContext.Provider>
      </StaticFlags>
    </SessionContext.Provider>
  );
}

/** The branch selection held in state, as the vendors machine holds it in the app. */
function useStoryVendors(vendors: readonly Vendor[], selectedVendorId: string | undefined): VendorsApi {
  const [selectedId, setSelectedId] = useState(selectedVendorId ?? vendors[0]?.vendor_id ?? null);
  const [includeOutlets, setIncludeOutlets] = useState(false);
  return useMemo(() => {
    const selected = vendors.find((vendor) => vendor.vendor_id === selectedId) ?? null;
    return {
      // A guest's (and a signed-out) story has no vendor list; a vendor's is loaded.
      list: vendors.length === 0 ? 'none' : 'loaded',
      vendors,
      selected,
      select: setSelectedId,
      showToggleOutlet: selected?.is_parent === true,
      includeOutlets,
      setIncludeOutlets,
    };
  }, [vendors, selectedId, includeOutlets]);
}
