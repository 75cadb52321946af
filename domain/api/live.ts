// The WebSocket protocol of API.md "Live updates": what the browser sends and what the server answers.
import { Type, type Static } from 'typebox';
import type { Order } from '../types';

/** An Order of SPEC.md §3 as the order routes present it (not re-described here). */
const WireOrder = Type.Unsafe<Order>(Type.Object({ order_id: Type.String(), status: Type.String() }));

export const SubscribeToVendor = Type.Object({ action: Type.Literal('subscribeToVendor'), vendor_id: Type.String({ minLength: 1 }) });
/** A guest session: the orders it created (also what subscribeToVendor 'vendorID' means for a guest). */
export const SubscribeToGuest = Type.Object({ action: Type.Literal('subscribeToGuest') });

/**
 * A signed-in member: `webhook_health` notices for every vendor it reaches where its role may see
 * webhooks (the endpoints GET /webhooks lists), for the app-wide failing-webhooks banner.
 */
export const SubscribeToWebhookHealth = Type.Object({ action: Type.Literal('subscribeToWebhookHealth') });

/** Client → server. */
export const LiveClientMessage = Type.Union([SubscribeToVendor, SubscribeToGuest, SubscribeToWebhookHealth]);
export type LiveClientMessage = Static<typeof LiveClientMessage>;

/** A webhook endpoint started failing (a delivery ran out of its 24 h of retries) or stopped (a delivery went through, or it was deleted). */
export const WebhookHealthNotice = Type.Object({ vendor_id: Type.String(), endpoint_id: Type.String(), failing: Type.Boolean() });
export type WebhookHealthNotice = Static<typeof WebhookHealthNotice>;

/** Server → client. */
export const LiveServerMessage = Type.Union([
  Type.Object({ type: Type.Literal('subscribe_ok'), vendor_id: Type.String() }),
  Type.Object({ type: Type.Literal('order_update'), order: WireOrder }),
  Type.Object({ type: Type.Literal('webhook_health'), vendor_id: Type.String(), endpoint_id: Type.String(), failing: Type.Boolean() }),
  Type.Object({ type: Type.Literal('error'), message: Type.String() }),
]);
export type LiveServerMessage = Static<typeof LiveServerMessage>;
