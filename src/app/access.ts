import { vendorAllows, type Capability, type Role } from '../../domain';
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
  /** Whether the member's role at the selected vendor may place orders (domain/teams/roles.ts). */
  mayPlaceOrders: boolean;
  /** Settings → Team (members, invitations): owners. */
  mayManageTeam: boolean;
  /** Settings → Audit: owners and managers. */
  mayReadAudit: boolean;
  landingPath: LandingPath;
}

/** The sections a user may land on, in the navigation's order, with what the role must allow. */
const LANDINGS: readonly { path: LandingPath; needs: Capability }[] = [
  { path: '/request-a-rider', needs: 'orders.place' },
  { path: '/order-tracking', needs: 'orders.view' },
];

/** The first section the role allows at the vendor (a Viewer tracks orders; every role may). */
export function landingPathFor(vendor: { role?: Role | undefined } | null | undefined): LandingPath {
  return LANDINGS.find(({ needs }) => vendorAllows(vendor, needs))?.path ?? '/order-tracking';
}

export function routeAccess(
  session: { isAuthenticated: boolean; isGuest: boolean },
  flags: FlagReader,
  selectedVendor: { role?: Role | undefined } | null = null,
): RouteAccess {
  return {
    isAuthenticated: session.isAuthenticated,
    isGuest: session.isGuest,
    signUpDeactivated: isOn(flags, 'DeactivateSignUpButton'),
    bulkOrderUpload: isOn(flags, 'BulkOrderUpload'),
    // Unplanned maintenance is the more urgent message when both are on.
    maintenance: isOn(flags, 'UnplannedMaintenance') ? 'unplanned' : isOn(flags, 'PlannedMaintenance') ? 'planned' : null,
    mayPlaceOrders: vendorAllows(selectedVendor, 'orders.place'),
    mayManageTeam: !session.isGuest && vendorAllows(selectedVendor, 'team'),
    mayReadAudit: !session.isGuest && vendorAllows(selectedVendor, 'audit'),
    landingPath: landingPathFor(selectedVendor),
  };
}
