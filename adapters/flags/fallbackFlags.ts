// SPEC.md §6: the values used when every flag provider fails.
import type { FlagMap } from '../ports';

export const FLAG_NAMES = {
  helpCentre: 'Helpcenter',
  bulkOrderUpload: 'BulkOrderUpload',
  editVendorOutlet: 'EditVendorOutlet',
  addVendorOutlet: 'AddVendorOutlet',
  deactivateSignUpButton: 'DeactivateSignUpButton',
  plannedMaintenance: 'PlannedMaintenance',
  unplannedMaintenance: 'UnplannedMaintenance',
  delayedCancellation: 'DelayedCancellation',
  dynamicTimeEstimation: 'DynamicTimeEstimation',
  googleAutocomplete: 'GoogleAutocomplete',
} as const;

export const FALLBACK_FLAGS: Readonly<FlagMap> = Object.freeze({
  [FLAG_NAMES.plannedMaintenance]: false,
  [FLAG_NAMES.unplannedMaintenance]: false,
  [FLAG_NAMES.googleAutocomplete]: false,
  [FLAG_NAMES.helpCentre]: true,
});
