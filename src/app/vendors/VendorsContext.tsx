import { createContext, useContext } from 'react';
import type { Vendor } from '../../../domain/types';

/** The vendor list and selection (SPEC §3 client state), as views see it. */
export interface VendorsApi {
  vendors: readonly Vendor[];
  selected: Vendor | null;
  select: (vendorId: string) => void;
  /** The include-all-outlets toggle: shown when the country parameter allows it for the selected vendor's parent. */
  showToggleOutlet: boolean;
  includeOutlets: boolean;
  setIncludeOutlets: (include: boolean) => void;
}

export const NO_VENDORS: VendorsApi = {
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
