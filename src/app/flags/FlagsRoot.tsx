import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FlagContext, FlagSnapshot } from '../../../adapters/ports';
import { createFlagClient } from '../../../adapters/flags/openFeatureFlags';
import { provideFeatureFlagsMachine } from '../machines';
import type { Services } from '../services';
import { FlagsContext } from './FlagsContext';
import { flagReaderOf, type FlagReader } from './flagReader';
import { inspectOptions } from '../inspector';

let roots = 0;

const isFlagSnapshotSource = (source: string | null): source is FlagSnapshot['source'] => source === 'server' || source === 'file' || source === 'fallback';

/** Runs the feature-flag machine (poll, timeout, fallback to the SPEC §6 values) and publishes each
 * answer to an OpenFeature provider; views evaluate flags through its client. Children render once the
 * first answer (or the fallback) is known, so route guards never judge on guesses. */
export function FlagsRoot({ services, context, loading, children }: { services: Pick<Services, 'flagSources'>; context: FlagContext; loading: ReactNode; children: ReactNode }) {
  const machine = useMemo(() => provideFeatureFlagsMachine(services, context), [services, context]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { providers: services.flagSources.map((source) => source.name) } });
  const flags = useSelector(actor, (snapshot) => snapshot.context.flags);
  const source = useSelector(actor, (snapshot) => snapshot.context.source);
  // One OpenFeature domain per root, so two apps (or tests) on one page never read each other's flags.
  const [{ provider, client }] = useState(() => createFlagClient(`portal-flags-${++roots}`));
  const [reader, setReader] = useState<FlagReader | null>(null);
  useEffect(() => {
    if (flags === null) return;
    provider.publish({ flags, source: isFlagSnapshotSource(source) ? source : 'fallback' });
    setReader(flagReaderOf(client));
  }, [flags, source, provider, client]);
  if (reader === null) return <>{loading}</>;
  return <FlagsContext.Provider value={reader}>{children}</FlagsContext.Provider>;
}
