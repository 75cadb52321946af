import { useLocation } from '@tanstack/react-router';
import { vendorAccess, type Capability } from '../../domain';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { useSession } from '../app/session/SessionContext';
import { standingOf } from '../app/vendors/standingOf';
import { useVendors } from '../app/vendors/VendorsContext';

export type NavSection = 'request-a-rider' | 'order-tracking' | 'history' | 'insights' | 'bulk-order';

export interface NavLinkSpec {
  section: NavSection;
  labelKey: string;
  /** A path with the selected vendor's id when there is one. */
  href: string;
  active: boolean;
}

/** The tabs to show, and whether some still wait for the member's role (the vendor list is loading). */
export interface NavLinks {
  links: NavLinkSpec[];
  pending: boolean;
}

/** Each tab with what the member's role must allow at the selected vendor to see it (domain/teams). */
const SECTIONS: readonly { section: NavSection; labelKey: string; needs: Capability }[] = [
  { section: 'request-a-rider', labelKey: 'nav.request', needs: 'orders.place' },
  { section: 'order-tracking', labelKey: 'nav.tracking', needs: 'orders.view' },
  { section: 'history', labelKey: 'nav.history', needs: 'orders.view' },
  { section: 'insights', labelKey: 'nav.insights', needs: 'insights' },
  { section: 'bulk-order', labelKey: 'nav.bulk-order', needs: 'bulk' },
];

/** The first path segment, e.g. 'history' for /history/v-1. */
export function sectionOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/**
 * The tabs of the top navigation and the mobile menu: Request, Tracking, History, Insights for signed-in
 * vendors, and Bulk order when enabled (SPEC §2), each where the member's role allows it.
 */
export function useNavLinks(): NavLinks {
  const flags = useFlags();
  const vendors = useVendors();
  const { selected } = vendors;
  const standing = standingOf(vendors);
  const { isGuest } = useSession();
  const current = sectionOf(useLocation().pathname);
  // A bulk job and the insights belong to a vendor account, so guests do not get those tabs.
  // A team member sees only what its role allows at the selected vendor (the server refuses the rest).
  const shown = (section: NavSection) =>
    section === 'bulk-order' ? isOn(flags, 'BulkOrderUpload') && !isGuest : section === 'insights' ? !isGuest : true;
  const offered = SECTIONS.filter(({ section }) => shown(section));
  const links = offered.filter(({ needs }) => vendorAccess(standing, needs) === 'allowed').map(({ section, labelKey }) => ({
    section,
    labelKey,
    href: selected ? `/${section}/${encodeURIComponent(selected.vendor_id)}` : `/${section}`,
    active: current === section,
  }));
  return { links, pending: offered.some(({ needs }) => vendorAccess(standing, needs) === 'pending') };
}
