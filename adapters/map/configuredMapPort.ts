// A MapPort whose configuration arrives later (from the server): the settings are fetched when the first
// map is drawn, once, and every map then uses the port createMapPort builds from them.
import type { Sleep } from './backoff';
import { createMapPort, type MapConfig, type MapLibraryModules } from './loadMap';
import type { MapPort } from './mapPort';

export function createConfiguredMapPort(
  loadConfig: () => Promise<MapConfig>,
  dependencies: { modules?: MapLibraryModules; sleep?: Sleep } = {},
): MapPort {
  let port: Promise<MapPort> | null = null;
  return {
    async create(container, options) {
      port ??= loadConfig().then((config) => createMapPort(config, dependencies));
      let configured: MapPort;
      try {
        configured = await port;
      } catch (error) {
        // Forgotten so that the next map asks again.
        port = null;
        throw error;
      }
      return configured.create(container, options);
    },
  };
}
