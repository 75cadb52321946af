import { useMemo, type ReactNode } from 'react';
import type { FlagMap } from '../../../adapters/ports';
import { FlagsContext } from './FlagsContext';
import { staticFlagReader } from './staticFlagReader';

/** Fixed flags read through OpenFeature, for stories and tests that render without the flag machine.
 * Pass a stable (or equal-content) map: a new content makes a new provider. */
export function StaticFlags({ flags, children }: { flags: FlagMap; children: ReactNode }) {
  const key = JSON.stringify(flags);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on content, not identity
  const reader = useMemo(() => staticFlagReader(flags), [key]);
  return <FlagsContext.Provider value={reader}>{children}</FlagsContext.Provider>;
}
