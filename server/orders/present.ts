import type { Order } from '../../domain/types';
import { trackingTokenFor } from './trackingToken';
import type { OrdersSide } from './side';

/** An order as its owner sees it: with the tracking-page token and, when asked, the rider now. */
export async function presentOrder(side: OrdersSide, order: Order, withRider = true): Promise<Order> {
  const tracking_token = trackingTokenFor(order.order_id, side.config.secrets.linkSigningSecret);
  return withRider ? { ...order, rider: await side.courier.riderOf(order), tracking_token } : { ...order, tracking_token };
}
