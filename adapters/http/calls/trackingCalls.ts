// The recipient's tracking page and delivery receipt, reached with the order's tracking token.
import type { DeliveryReceipt, TrackingView } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function trackingCalls({ result }: CallHelpers): AreaCalls<'tracking'> {
  return {
    getTracking: (orderId, token) =>
      result<TrackingView>({ service: 'orders', method: 'GET', path: `/tracking/${segment(orderId)}`, query: { t: token } }),
    getReceipt: (orderId, token) =>
      result<DeliveryReceipt>({ service: 'orders', method: 'GET', path: `/order/${segment(orderId)}/receipt`, query: { t: token } }),
  };
}
