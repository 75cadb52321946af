import { useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useVendors } from '../app/vendors/VendorsContext';

/** A vendor id typed in (or linked to) the URL selects that branch, so the branch selector and the
 * include-all-outlets toggle agree with the orders shown. Only a change of the URL's id selects: while
 * the branch selector rewrites the URL after a pick, the old id must not win the selection back. */
export function useSelectionFollowsUrl(): void {
  const { vendorID } = useParams({ strict: false }) as { vendorID?: string };
  const { vendors, selected, select } = useVendors();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!vendorID || vendors.length === 0 || followed.current === vendorID) return;
    followed.current = vendorID;
    // An id the user cannot reach is left to the page, which shows its own error.
    if (selected?.vendor_id !== vendorID && vendors.some((vendor) => vendor.vendor_id === vendorID)) select(vendorID);
  }, [vendorID, vendors, selected, select]);
}
