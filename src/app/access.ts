import { vendorAccess, type Capability, type VendorAccess, type VendorStanding } from '../../domain';
import { isOn } from './flags/FlagsContext';
import type { FlagReader } from './flags/flagReader';

/** Where a signed-in user lands (after sign-in, on `/`, on a page its role does not allow). */
export type LandingPath = '/request-a-rider' | '/order-tracking';

/** What route guards decide on (router context). */
export interface RouteAccess {
  isAuthenticated: boolean;
  isGuest: boolean;
  signUpDeactivated: boolean;
  bulkOrderUpload: boolean;
  maintenance: 'planned' | 'unplanned' | null;
  /**
   * Whether the member's role at the selected vendor may place orders (domain/teams). A guard turns away
   * only what is refused: while pending the page opens, and the guards run again once the role is known.
   */
  mayPlaceOrders: VendorAccess;
  /** Settings → Team (members, invitations): owners. */
  mayManageTeam: VendorAccess;
  /** Settings → Audit: owners and managers. */
  mayReadAudit: VendorAccess;
  landingPath: LandingPath;
}

/** The sections a user may land on, in the navigation's order, with what the role must allow. */
const LANDINGS: readonly { path: LandingPath; needs: Capability }[] = [
  { path: '/request-a-rider', needs: 'orders.place' },
  { path: '/order-tracking', needs: 'orders.view' },
];

/**
 * The first section the role does not refuse at the vendor (a Viewer tracks orders; every role may).
 * While the role is pending, the request page: its guard sends a Viewer on once the role is known.
 */
export function landingPathFor(standing: VendorStanding): LandingPath {
  return LANDINGS.find(({ needs }) => vendorAccess(standing, needs) !== 'refused')?.path ?? '/order-tracking';
}

export function routeAccess(
  session: { isAuthenticated: boolean; isGuest: boolean },
  flags: FlagReader,
  selectedVendor: VendorStanding = {},
): RouteAccess {
  return {
    isAuthenticated: session.isAuthenticated,
    isGuest: session.isGuest,
    signUpDeactivated: isOn(flags, 'DeactivateSignUpButton'),
    bulkOrderUpload: isOn(flags, 'BulkOrderUpload'),
    // Unplanned maintenance is the more urgent message when both are on.
    maintenance: isOn(flags, 'UnplannedMaintenance') ? 'unplanned' : isOn(flags, 'PlannedMaintenance') ? 'planned' : null,
    mayPlaceOrders: vendorAccess(selectedVendor, 'orders.place'),
    mayManageTeam: session.isGuest ? 'refused' : vendorAccess(selectedVendor, 'team'),
    mayReadAudit: session.isGuest ? 'refused' : vendorAccess(selectedVendor, 'audit'),
    landingPath: landingPathFor(selectedVendor),
  };
}
