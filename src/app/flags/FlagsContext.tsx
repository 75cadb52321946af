import { createContext, useContext } from 'react';
import { FALLBACK_FLAGS } from '../../../adapters/flags/fallbackFlags';
import { fallbackFlagReader, type FlagReader } from './flagReader';

export { FALLBACK_FLAGS };

/** Outside a FlagsRoot (or before its first answer) the SPEC §6 fallback values apply. */
export const FlagsContext = createContext<FlagReader>(fallbackFlagReader);

export function useFlags(): FlagReader {
  return useContext(FlagsContext);
}

/** Whether a boolean flag is on, read through OpenFeature. */
export function isOn(flags: FlagReader, name: string): boolean {
  return flags.isOn(name);
}
