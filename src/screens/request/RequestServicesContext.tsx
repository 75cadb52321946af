import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createBrowserNavigator } from '../../../adapters/browserLocation';
import { lazyGeolocator } from '../../../adapters/geolocator/lazyGeolocator';
import { createMapPort } from '../../../adapters/map/loadMap';
import type { Services } from '../../app/services';
import { MapPortProvider } from '../../components/map/MapPortContext';
import type { RequestServices } from './requestMachineProvider';

export const RequestServicesContext = createContext<RequestServices | null>(null);

/** Tests provide RequestServicesContext directly with doubles. */

/** Hands the request screen the composition root's adapters (and the geolocator and map port built
 * on them). Mounted once by the app, around the router. */
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
  // The composition root's port follows the server's map settings; the offline port otherwise.
  const mapPort = useMemo(() => services.mapPort ?? createMapPort({}), [services]);
  return (
    <RequestServicesContext.Provider value={value}>
      <MapPortProvider port={mapPort}>{children}</MapPortProvider>
    </RequestServicesContext.Provider>
  );
}

export function useRequestServices(): RequestServices {
  const services = useContext(RequestServicesContext);
  if (!services) throw new Error('useRequestServices: wrap the app in <RequestServicesProvider>');
  return services;
}
