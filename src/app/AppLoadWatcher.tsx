import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { FullScreenError } from '../components/FullScreenError';
import { provideAppLoadMachine, type AppEffects } from './machines';
import type { Services } from './services';

/** Runs the app-load machine for the life of the app: its outdated warning is a toast, and its
 * failure (a code chunk that would not load after its retries) the full-screen error. */
export function AppLoadWatcher({ services, effects }: { services: Services; effects: AppEffects }) {
  // The build id served at start-up; null when version.json cannot be read (then nothing is compared).
  const [startBuildId] = useState(() => services.versions.currentBuildId().catch(() => null));
  const machine = useMemo(() => provideAppLoadMachine(services, effects, startBuildId), [services, effects, startBuildId]);
  const actor = useActorRef(machine);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  return failed ? <FullScreenError onClose={() => actor.send({ type: 'error.closed' })} /> : null;
}
