import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FlagContext, FlagSnapshot } from '../../../adapters/ports';
import type { FlagClient } from '../../../adapters/flags/openFeatureFlags';
import { provideFeatureFlagsMachine } from '../machines';
import type { Services } from '../services';
import { FlagsContext } from './FlagsContext';
import { flagReaderOf, type FlagReader } from './flagReader';
import { inspectOptions } from '../inspector';

let roots = 0;

const isFlagSnapshotSource = (source: string | null): source is FlagSnapshot['source'] => source === 'server' || source === 'file' || source === 'fallback';

/** Runs the feature-flag machine (poll, timeout, fallback to the SPEC §6 values) and publishes each
 * answer to an OpenFeature provider; views evaluate flags through its client. Children render once the
 * first answer (or the fallback) is known, so route guards never judge on guesses. The OpenFeature SDK
 * is fetched while the first answer is awaited, not with the app's first JavaScript. */
export function FlagsRoot({ services, context, loading, children }: { services: Pick<Services, 'flagSources'>; context: FlagContext; loading: ReactNode; children: ReactNode }) {
  const machine = useMemo(() => provideFeatureFlagsMachine(services, context), [services, context]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { providers: services.flagSources.map((source) => source.name) } });
  const flags = useSelector(actor, (snapshot) => snapshot.context.flags);
  const source = useSelector(actor, (snapshot) => snapshot.context.source);
  const flagClient = useLazyFlagClient();
  const [reader, setReader] = useState<FlagReader | null>(null);
  useEffect(() => {
    if (flags === null || flagClient === null) return;
    flagClient.provider.publish({ flags, source: isFlagSnapshotSource(source) ? source : 'fallback' });
    setReader(flagReaderOf(flagClient.client));
  }, [flags, source, flagClient]);
  if (reader === null) return <>{loading}</>;
  return <FlagsContext.Provider value={reader}>{children}</FlagsContext.Provider>;
}

/** This root's OpenFeature client once the SDK's chunk is in; a failed load is thrown to the nearest
 * error boundary, like a route chunk that cannot load. */
function useLazyFlagClient(): FlagClient | null {
  const [flagClient, setFlagClient] = useState<FlagClient | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    let mounted = true;
    import('../../../adapters/flags/openFeatureFlags').then(
      // One OpenFeature domain per root, so two apps (or tests) on one page never read each other's flags.
      ({ createFlagClient }) => mounted && setFlagClient(createFlagClient(`portal-flags-${++roots}`)),
      (error: unknown) => mounted && setLoadError(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (loadError !== null) throw loadError;
  return flagClient;
}
