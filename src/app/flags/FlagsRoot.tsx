import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { FlagContext } from '../../../adapters/ports';
import { provideFeatureFlagsMachine } from '../machines';
import type { Services } from '../services';
import { FlagsContext } from './FlagsContext';
import { inspectOptions } from '../inspector';

/** Runs the feature-flag machine (poll, timeout, fallback to the SPEC §6 values). */
/** Children render once the first answer (or the fallback) is known, so route guards never judge on guesses. */
export function FlagsRoot({ services, context, loading, children }: { services: Services; context: FlagContext; loading: ReactNode; children: ReactNode }) {
  const machine = useMemo(() => provideFeatureFlagsMachine(services, context), [services, context]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { providers: services.flagSources.map((source) => source.name) } });
  const flags = useSelector(actor, (snapshot) => snapshot.context.flags);
  if (flags === null) return <>{loading}</>;
  return <FlagsContext.Provider value={flags}>{children}</FlagsContext.Provider>;
}
