// Orders of a vendor: list, trend, insights, one order, create, update, cancel, exports and proofs.
import type { Order } from '../../../domain/types';
import type { Insights, OrderPage, OrderTrend } from '../../ports';
import type { RequestSpec } from '../requester';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

/** One day of GET /vendor/{id}/orders/trend as the server spells it. */
interface OrderTrendDayBody { date: string; delivered: number; cancelled: number; in_progress: number; total: number }

export function orderCalls({ result, file }: CallHelpers): AreaCalls<'orders'> {
  return {
    listOrders: (vendorId, query) =>
      result<OrderPage>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/orders`, query: { ...query } }),
    getOrderTrend: async (vendorId, query) => {
      const trend = await result<{ time_zone: string; days: OrderTrendDayBody[] }>({
        service: 'orders',
        method: 'GET',
        path: `/vendor/${segment(vendorId)}/orders/trend`,
        query: { ...query },
      });
      return {
        timeZone: trend.time_zone,
        days: trend.days.map((day) => ({ date: day.date, delivered: day.delivered, cancelled: day.cancelled, inProgress: day.in_progress, total: day.total })),
      } satisfies OrderTrend;
    },
    getInsights: (vendorId, query) =>
      result<Insights>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/insights`, query: { ...query } }),
    getOrder: (vendorId, orderId) =>
      result<Order>({ service: 'orders', method: 'GET', path: '/order', query: { vendorId, orderId } }),
    createOrder: (payload) =>
      result<{ order_id: string }>({ service: 'orders', method: 'POST', path: '/order', body: payload, idempotent: true }),
    updateOrder: (orderId, update) =>
      result<Order>({ service: 'orders', method: 'PUT', path: `/order/${segment(orderId)}`, body: update }),
    cancelOrder: (cancel) => result<Order>({ service: 'orders', method: 'PUT', path: '/order/cancel', body: cancel }),
    exportOrders: async (exportBody) => {
      const spec: RequestSpec = { service: 'orders', method: 'POST', path: '/orders/export', body: exportBody };
      if (exportBody.delivery === 'email') {
        const emailed = await result<{ emailed_to: string }>(spec);
        return { kind: 'emailed', emailedTo: emailed.emailed_to };
      }
      const download = await file(spec, `orders.${exportBody.format}`);
      return { kind: 'file', ...download };
    },
    exportProofs: (exportBody) => file({ service: 'orders', method: 'POST', path: '/proofs/export', body: exportBody }, 'proofs.zip'),
    downloadOrderProofs: (orderId) => file({ service: 'orders', method: 'GET', path: `/order/${segment(orderId)}/proofs` }, `proofs-${orderId.replace(/[^A-Za-z0-9._-]/g, '_')}.zip`),
  };
}
