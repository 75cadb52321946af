import { createContext, useContext } from 'react';
import type { FlagMap } from '../../../adapters/ports';

import { FALLBACK_FLAGS } from '../../../adapters/flags/fallbackFlags';

export { FALLBACK_FLAGS };

export const FlagsContext = createContext<FlagMap>(FALLBACK_FLAGS);

export function useFlags(): FlagMap {
  return useContext(FlagsContext);
}

/** A flag is on when its variation is true or the string 'true' / 'on'. */
export function isOn(flags: FlagMap, name: string): boolean {
  const value = flags[name];
  return value === true || value === 'true' || value === 'on';
}
