import type { HandedInProof } from '../../domain/api/operations';
import type { Order, OrderStatus, Rider } from '../../domain/types';

/**
 * The courier platform (hurrier) as the orders side sees it. The embedded default is a simulated
 * fleet (simulator.ts); a real courier API plugs in behind the same port.
 */
export interface CourierPlatform {
  /** A new order was stored: the platform starts dispatching it. */
  onOrderCreated(order: Order): Promise<void>;
  /** The vendor cancelled: the platform stops working on it. */
  onOrderCancelled(order: Order): Promise<void>;
  /**
   * Moves an order to any status now (ops and tests); history, rider and ETAs follow. Null if unknown.
   * `proof`: the proof the rider hands in with it, instead of the platform's own.
   */
  moveTo(orderId: string, status: OrderStatus, proof?: HandedInProof): Promise<Order | null>;
  /** The rider of an order right now, or null before one is assigned. */
  riderOf(order: Order): Promise<Rider | null>;
  /** Rebuilds pending work from the database after a restart. */
  start(): Promise<void>;
  stop(): Promise<void>;
}
