import type { InspectionEvent, Observer } from 'xstate';

/** What every actor the app creates spreads into its options: `useActorRef(machine, { input, ...inspectOptions() })`. */
export interface InspectOptions {
  inspect?: (event: InspectionEvent) => void;
}

let sharedInspect: ((event: InspectionEvent) => void) | undefined;

/**
 * Loads Stately's browser inspector (its UI is stately.ai/inspect, opened in a pop-up: it needs the
 * network) and returns a sink that forwards to it. Events from actors started before the package has
 * loaded are queued, so the first snapshots are not lost.
 */
function startInspector(): (event: InspectionEvent) => void {
  const queued: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | undefined;
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const loaded = createBrowserInspector().inspect;
      target = loaded;
      for (const event of queued.splice(0)) loaded.next?.(event);
    })
    .catch((error: unknown) => console.warn('The state inspector could not load', error));
  return (event) => {
    if (target) target.next?.(event);
    else queued.push(event);
  };
}

/**
 * `{ inspect }` in development with VITE_INSPECT=1, `{}` otherwise. The checks are inline on
 * import.meta.env so the production build drops the dynamic import and @statelyai/inspect with it.
 */
export function inspectOptions(): InspectOptions {
  if (!import.meta.env.DEV || import.meta.env.VITE_INSPECT !== '1') return {};
  sharedInspect ??= startInspector();
  return { inspect: sharedInspect };
}
