import { useSelector } from '@xstate/react';
import type { OrdersListActor } from '../tracking/ordersMachineProvider';
import { OrdersTrendChart, type TrendChartStatus } from './OrdersTrendChart';
import { useOrderTrend } from './useOrderTrend';

/** The orders-per-day chart above the history table, following the table's period and outlet toggle. */
export function HistoryTrend({ list, vendorId }: { list: OrdersListActor; vendorId: string }) {
  const actor = useOrderTrend(list, vendorId);
  const status = useSelector(actor, (snapshot) => snapshot.value as TrendChartStatus);
  const trend = useSelector(actor, (snapshot) => snapshot.context.figures);
  return <OrdersTrendChart status={status} trend={trend} onRetry={() => actor.send({ type: 'retry.requested' })} />;
}
