import { useCallback, type ReactNode } from 'react';
import type { ApiClient } from '../../../adapters/ports';
import { usePreferences } from '../preferences/PreferencesContext';
import { useSession } from '../session/SessionContext';
import { useVendors } from '../vendors/VendorsContext';
import { HelpCentreContext, type OpenHelpCentre } from './HelpCentreContext';

/** The app's version as the help-centre service sees it. */
const APP_VERSION = '0.1.0';

/** Builds SPEC §7's help-centre init from the session, the vendor and the deployment. */
export function HelpCentreRoot({ api, children }: { api: Pick<ApiClient, 'getHelpCentreToken' | 'initHelpCentre'>; children: ReactNode }) {
  const session = useSession();
  const { vendors } = useVendors();
  const { brand, countryConfig, locale } = usePreferences();
  const country = countryConfig.code;
  const open = useCallback<OpenHelpCentre>(
    async (vendorId) => {
      const token = await api.getHelpCentreToken(vendorId);
      const vendor = vendors.find((candidate) => candidate.vendor_id === vendorId);
      const { url } = await api.initHelpCentre({
        user_id: session.user?.id ?? vendorId,
        email: session.user?.email ?? '',
        guest: session.isGuest,
        name: vendor?.name ?? '',
        brand,
        global_entity_id: `${brand}_${country}`,
        country,
        locale,
        app_version: APP_VERSION,
        verification_token: token,
        bridge: 'web',
        service_type: 'courier_portal',
      });
      return url;
    },
    [api, session.user, session.isGuest, vendors, brand, country, locale],
  );
  return <HelpCentreContext.Provider value={open}>{children}</HelpCentreContext.Provider>;
}
