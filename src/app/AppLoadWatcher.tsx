import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { FullScreenError } from '../components/FullScreenError';
import { chunkLoaderIdle, connectChunkLoader } from './lazyChunks';
import { provideAppLoadMachine, type AppEffects } from './machines';
import type { Services } from './services';
import { inspectOptions } from './inspector';

/** Runs the app-load machine for the life of the app: its outdated warning is a toast, it loads the
 * lazy screens' chunks with retries, and its failure (a chunk that would not load after its retries)
 * is the full-screen error. */
export function AppLoadWatcher({ services, effects }: { services: Services; effects: AppEffects }) {
  // The build id served at start-up; null when version.json cannot be read (then nothing is compared).
  const [startBuildId] = useState(() => services.versions.currentBuildId().catch(() => null));
  const machine = useMemo(() => provideAppLoadMachine(services, effects, startBuildId), [services, effects, startBuildId]);
  const actor = useActorRef(machine, inspectOptions());
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  // The lazy routes load their chunks through this machine (retries, then the load error).
  // Subscribed directly rather than through React state: every idle moment counts, even one that
  // comes and goes between two renders.
  useEffect(() => {
    const disconnect = connectChunkLoader((chunk) => actor.send({ type: 'chunk.requested', chunk }));
    const idle = (snapshot: ReturnType<typeof actor.getSnapshot>) => chunkLoaderIdle(snapshot.matches({ ready: { chunks: 'idle' } }));
    const subscription = actor.subscribe(idle);
    idle(actor.getSnapshot());
    return () => {
      subscription.unsubscribe();
      chunkLoaderIdle(false);
      disconnect();
    };
  }, [actor]);
  return failed ? <FullScreenError onClose={() => actor.send({ type: 'error.closed' })} /> : null;
}
