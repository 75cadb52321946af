import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createBrowserNavigator } from '../../../adapters/browserLocation';
import { lazyGeolocator } from '../../../adapters/geolocator/lazyGeolocator';
import type { Services } from '../../app/services';
import type { RequestServices } from './requestMachineProvider';

export const RequestServicesContext = createContext<RequestServices | null>(null);

/** Tests provide RequestServicesContext directly with doubles. */

/** Hands the request screen the composition root's adapters (and the geolocator built on them).
 * Mounted by the signed-in frame (src/app/signedIn/SignedInFrame.tsx), around the signed-in pages. */
export function RequestServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  const value = useMemo<RequestServices>(
    () => ({
      api: services.api,
      storage: services.storage,
      clock: services.clock,
      geolocator: lazyGeolocator(async () => (await import('../../../adapters/geolocator/geolocator')).createGeolocator(services.api)),
      navigator: createBrowserNavigator(),
      cardEncryptor: services.cardEncryptor,
      googleMapsApiKey: services.googleMapsApiKey,
    }),
    [services],
  );
  return <RequestServicesContext.Provider value={value}>{children}</RequestServicesContext.Provider>;
}

export function useRequestServices(): RequestServices {
  const services = useContext(RequestServicesContext);
  if (!services) throw new Error('useRequestServices: wrap the app in <RequestServicesProvider>');
  return services;
}
