import { createContext, useContext, type ReactNode } from 'react';
import type { MapPort } from '../../../adapters/map/mapPort';

// The app provides the configured port (adapters/map/loadMap.ts); stories and tests provide
// adapters/map/memoryMapPort.ts. MapView is the only reader, so no other component touches a map library.
const MapPortContext = createContext<MapPort | null>(null);

export function MapPortProvider({ port, children }: { port: MapPort; children: ReactNode }) {
  return <MapPortContext.Provider value={port}>{children}</MapPortContext.Provider>;
}

export function useMapPort(): MapPort {
  const port = useContext(MapPortContext);
  if (!port) throw new Error('useMapPort: wrap the tree in <MapPortProvider>');
  return port;
}
