import { useSession } from '../../app/session/SessionContext';
import { VendorOrdersPage } from '../tracking/VendorOrdersPage';
import { GuestHistory } from './GuestHistory';
import { PastOrders } from './PastOrders';

/** /history(/{vendorID}): the all-orders table with filters and export; guests search instead. */
export function HistoryScreen() {
  const session = useSession();
  return (
    <VendorOrdersPage titleKey="nav.history" skeletonColumns={1}>
      {(vendorId) => (session.isGuest ? <GuestHistory /> : <PastOrders vendorId={vendorId} />)}
    </VendorOrdersPage>
  );
}
