import type { Order } from '../../../domain/types';
import { OrderDetail } from '../../components/orders/OrderDetail';
import { OrderDetailDrawer } from '../../components/orders/OrderDetailDrawer';
import { useOrderDetailFlags } from '../../components/orders/useOrderDetailFlags';

/** A past order's detail in the drawer: read-only (no cancel, no rider polling), with "Order again". */
export function PastOrderDrawer({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const detailFlags = useOrderDetailFlags();
  return (
    <OrderDetailDrawer open={order !== null} onClose={onClose}>
      {order && <OrderDetail order={order} rider={null} flags={detailFlags} orderAgain recipientMessages />}
    </OrderDetailDrawer>
  );
}
