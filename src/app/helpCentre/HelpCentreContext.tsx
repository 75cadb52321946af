import { createContext, useContext } from 'react';

/** Opens the help-centre widget for a vendor and answers its URL (SPEC §7: token, then init). */
export type OpenHelpCentre = (vendorId: string) => Promise<string>;

export const HelpCentreContext = createContext<OpenHelpCentre | null>(null);

export function useOpenHelpCentre(): OpenHelpCentre {
  const open = useContext(HelpCentreContext);
  if (!open) throw new Error('useOpenHelpCentre outside HelpCentreContext');
  return open;
}
