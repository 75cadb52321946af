import { createContext, useContext } from 'react';
import type { Vendor } from '../../../domain/types';

/** The vendor list and selection (SPEC §3 client state), as views see it. */
export interface VendorsApi {
  /**
   * `none`: this session has no vendor list (a guest's placeholder vendor, no one signed in); `loading`:
   * a signed-in user's list has not answered yet, so the roles are not known (standingOf).
   */
  list: 'none' | 'loading' | 'loaded';
  vendors: readonly Vendor[];
  selected: Vendor | null;
  select: (vendorId: string) => void;
  /** The include-all-outlets toggle: shown when the country parameter allows it for the selected vendor's parent. */
  showToggleOutlet: boolean;
  includeOutlets: boolean;
  setIncludeOutlets: (include: boolean) => void;
}

export const NO_VENDORS: VendorsApi = {
  list: 'none',
  vendors: [],
  selected: null,
  select: () => undefined,
  showToggleOutlet: false,
  includeOutlets: false,
  setIncludeOutlets: () => undefined,
};

export const VendorsContext = createContext<VendorsApi>(NO_VENDORS);

export function useVendors(): VendorsApi {
  return useContext(VendorsContext);
}
