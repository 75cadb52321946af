import { useLocation, useNavigate } from '@tanstack/react-router';
import { useVendors } from '../app/vendors/VendorsContext';
import { sectionOf } from './useNavLinks';

const VENDOR_SECTIONS = new Set(['request-a-rider', 'order-tracking', 'history', 'insights', 'bulk-order', 'helpcenter']);

/** Selecting a branch rewrites the current URL to the new vendor id, keeping orderID on the request
 * page (SPEC §2); a bulk job of the old vendor is left behind. */
export function useVendorSwitch(): (vendorId: string) => void {
  const { select } = useVendors();
  const navigate = useNavigate();
  const location = useLocation();
  return (vendorId: string) => {
    select(vendorId);
    const section = sectionOf(location.pathname);
    if (!VENDOR_SECTIONS.has(section)) return;
    const search = new URLSearchParams(location.searchStr);
    const orderId = section === 'request-a-rider' ? search.get('orderID') : null;
    const query = orderId ? `?orderID=${encodeURIComponent(orderId)}` : '';
    void navigate({ href: `/${section}/${encodeURIComponent(vendorId)}${query}`, replace: true });
  };
}
