import type { Order } from '../../domain/types';
import type { ListedDocument } from './repository';
import { trackingTokenFor } from './trackingToken';
import type { OrdersSide } from './side';

/** An order as its owner sees it: with the tracking-page token and, when asked, the rider now. */
export async function presentOrder(side: OrdersSide, order: Order, withRider = true): Promise<Order> {
  const tracking_token = trackingTokenFor(order.order_id, side.config.secrets.linkSigningSecret);
  return withRider ? { ...order, rider: await side.courier.riderOf(order), tracking_token } : { ...order, tracking_token };
}

/**
 * presentOrder(side, order, false) as JSON text, from the stored document without parsing it: the
 * document is a JSON object without `tracking_token` (repository.ts strips it on write), so the
 * token is appended before its closing brace.
 */
export function presentStoredDocument(side: OrdersSide, { orderId, document }: ListedDocument): string {
  const token = JSON.stringify(trackingTokenFor(orderId, side.config.secrets.linkSigningSecret));
  const body = document.trimEnd();
  if (!body.startsWith('{') || !body.endsWith('}')) throw new Error(`order ${orderId}: stored document is not a JSON object`);
  return body === '{}' ? `{"tracking_token":${token}}` : `${body.slice(0, -1)},"tracking_token":${token}}`;
}
