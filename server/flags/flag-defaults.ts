// Every feature flag of SPEC.md §6 with its default variation. public/flags.json (the browser's
// fallback file) holds the same map; tests/server/flags.test.ts keeps the two equal.
export type FlagVariation = boolean | string | number | null | { [key: string]: FlagVariation } | FlagVariation[];

export const FLAG_DEFAULTS = {
  GuestCheckout: true,
  Voucher: true,
  PreOrder: true,
  PayAtPickup: false,
  BulkOrderUpload: true,
  AddressBook: true,
  EditVendorOutlet: true,
  AddVendorOutlet: true,
  ModifyOrderButton: true,
  ProofOfDelivery: true,
  ProofOfPickup: true,
  ProofOfReturn: true,
  DeliveryReceiptCta: true,
  DelayedCancellation: false,
  DigitGrouping: true,
  DualPricing: false,
  GoogleAutocomplete: false,
  PlannedMaintenance: false,
  UnplannedMaintenance: false,
  Helpcenter: true,
  DeactivateSignUpButton: false,
  RequestARiderGoesToLogin: false,
  // Privacy by default: the public page shows the rider's phone only where a variation turns it on.
  TrackingPageSettings: { showRiderPhone: false, showMap: true },
  DynamicTimeEstimation: false,
  TagIdCheck: false,
  ShowTrackOrderBeforePickUp: false,
  NonePaymentMethod: false,
  TaiwanCardProvider: false,
  IncreasedFeeInfo: false,
  OrderPrepareMessage: false,
  OrderPreAcceptedStaticText: false,
  DrawDeliveryAreas: false,
  GodroidPopup: false,
} as const satisfies Record<string, FlagVariation>;

export type FlagName = keyof typeof FLAG_DEFAULTS;

export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export const isFlagName = (name: string): name is FlagName => Object.hasOwn(FLAG_DEFAULTS, name);
