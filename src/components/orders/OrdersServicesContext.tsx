import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient, Clock, KeyValueStorage, LiveChannel } from '../../../adapters/ports';

/** The adapters the order screens (tracking, history, public tracking) hand to their machines.
 * The composition root provides them once; views never call them, only the machine providers do. */
export interface OrdersServices {
  api: ApiClient;
  /** The tab's one live socket, shared by its subscriptions. */
  live: LiveChannel;
  storage: KeyValueStorage;
  clock: Clock;
  /** Saves a downloaded export; the browser implementation clicks an object-URL link. */
  saveFile: (file: Blob, fileName: string) => void;
}

const OrdersServicesContext = createContext<OrdersServices | null>(null);

export function OrdersServicesProvider({ services, children }: { services: OrdersServices; children: ReactNode }) {
  return <OrdersServicesContext.Provider value={services}>{children}</OrdersServicesContext.Provider>;
}

export function useOrdersServices(): OrdersServices {
  const services = useContext(OrdersServicesContext);
  if (!services) throw new Error('useOrdersServices: wrap the app in <OrdersServicesProvider>');
  return services;
}
