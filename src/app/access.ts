import { isOn } from './flags/FlagsContext';
import type { FlagReader } from './flags/flagReader';

/** What route guards decide on (router context). */
export interface RouteAccess {
  isAuthenticated: boolean;
  isGuest: boolean;
  signUpDeactivated: boolean;
  bulkOrderUpload: boolean;
  maintenance: 'planned' | 'unplanned' | null;
}

export function routeAccess(session: { isAuthenticated: boolean; isGuest: boolean }, flags: FlagReader): RouteAccess {
  return {
    isAuthenticated: session.isAuthenticated,
    isGuest: session.isGuest,
    signUpDeactivated: isOn(flags, 'DeactivateSignUpButton'),
    bulkOrderUpload: isOn(flags, 'BulkOrderUpload'),
    // Unplanned maintenance is the more urgent message when both are on.
    maintenance: isOn(flags, 'UnplannedMaintenance') ? 'unplanned' : isOn(flags, 'PlannedMaintenance') ? 'planned' : null,
  };
}
