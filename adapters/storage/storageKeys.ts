// Every localStorage key the app uses. The three godroid-* names are fixed by SPEC.md §9 (the courier
// app writes them); the rest are ours, prefixed so they never meet another app's keys on the origin.
export const STORAGE_KEYS = {
  godroidToken: 'godroid-token',
  godroidLocale: 'godroid-locale',
  godroidTosRequired: 'godroid-tos-required',
  authUser: 'portal.auth-user',
  authMeta: 'portal.auth-meta',
  guestSession: 'portal.guest-token',
  guestCredentials: 'portal.guest-credentials',
  guestOrders: 'portal.guest-orders',
  searchHistory: 'portal.search-history',
  filters: 'portal.filters',
  selectedVendor: 'portal.selected-vendor',
  locale: 'portal.locale',
  brand: 'portal.brand',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
