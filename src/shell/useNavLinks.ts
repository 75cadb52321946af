import { useLocation } from '@tanstack/react-router';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { useSession } from '../app/session/SessionContext';
import { useVendors } from '../app/vendors/VendorsContext';

export type NavSection = 'request-a-rider' | 'order-tracking' | 'history' | 'insights' | 'bulk-order';

export interface NavLinkSpec {
  section: NavSection;
  labelKey: string;
  /** A path with the selected vendor's id when there is one. */
  href: string;
  active: boolean;
}

const SECTIONS: readonly { section: NavSection; labelKey: string }[] = [
  { section: 'request-a-rider', labelKey: 'nav.request' },
  { section: 'order-tracking', labelKey: 'nav.tracking' },
  { section: 'history', labelKey: 'nav.history' },
  { section: 'insights', labelKey: 'nav.insights' },
  { section: 'bulk-order', labelKey: 'nav.bulk-order' },
];

/** The first path segment, e.g. 'history' for /history/v-1. */
export function sectionOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** The tabs of the top navigation and the mobile menu: Request, Tracking, History, Insights for signed-in vendors, and Bulk order when enabled (SPEC §2). */
export function useNavLinks(): NavLinkSpec[] {
  const flags = useFlags();
  const { selected } = useVendors();
  const { isGuest } = useSession();
  const current = sectionOf(useLocation().pathname);
  // A bulk job and the insights belong to a vendor account, so guests do not get those tabs.
  const shown = (section: NavSection) =>
    section === 'bulk-order' ? isOn(flags, 'BulkOrderUpload') && !isGuest : section === 'insights' ? !isGuest : true;
  return SECTIONS.filter(({ section }) => shown(section)).map(({ section, labelKey }) => ({
    section,
    labelKey,
    href: selected ? `/${section}/${encodeURIComponent(selected.vendor_id)}` : `/${section}`,
    active: current === section,
  }));
}
