// The composition root's adapters for one story, all in memory: the same ports the app wires in
// src/app/services.ts, answered from the story's world instead of the network.
import { createGeolocator } from '../../adapters/geolocator/geolocator';
import type { ApiClient, Navigator } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { OrdersServices } from '../../src/components/orders/OrdersServicesContext';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { createMemoryApiClient } from './memoryApiClient';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { createMemoryLiveSocket } from './memoryLiveSocket';
import { storyClock } from './storyClock';
import type { StoryWorld } from './storyWorld';

export interface StoryServices extends RequestServices, OrdersServices {
  api: ApiClient;
  navigator: Navigator;
}

export function createStoryServices(world: StoryWorld): StoryServices {
  const api = createMemoryApiClient(world);
  return {
    api,
    storage: createMemoryStorage({ ...world.storedItems }),
    clock: storyClock,
    geolocator: createGeolocator(api),
    // A story never leaves the page: a payment redirect or external link is only logged.
    navigator: { assign: (url) => console.info('navigate to', url) },
    live: createTabLiveChannel(createMemoryLiveSocket(world.liveUpdates)),
    saveFile: (_file, fileName) => console.info('save file', fileName),
  };
}
