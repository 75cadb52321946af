import { VendorOrdersPage } from '../tracking/VendorOrdersPage';
import { InsightsPage } from './InsightsPage';

/** /insights(/{vendorID}): how delivery is going for the vendor over a period (signed-in vendors only; the route turns guests away). */
export function InsightsScreen() {
  return (
    <VendorOrdersPage titleKey="nav.insights" skeletonColumns={1}>
      {(vendorId) => <InsightsPage vendorId={vendorId} />}
    </VendorOrdersPage>
  );
}
