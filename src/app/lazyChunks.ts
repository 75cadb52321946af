// The lazy screens' code chunks, loaded through the app-load machine so a chunk that fails to load
// (a flaky network, a deploy in between) is retried 10 times, 2 s apart, before the full-screen error
// (SPEC §2/§8, machines/appLoad.ts). The routes are declared at module load, before the machine runs,
// so this module is the bridge: routes ask for a chunk by name, the machine's loadChunk actor runs the
// import, and the answer goes back to whoever asked.

type Importer = () => Promise<unknown>;

interface Waiter {
  resolve: (module: unknown) => void;
}

const importers = new Map<string, Importer>();
const waiters = new Map<string, Waiter[]>();
/** Chunks asked for and not yet handed to the machine (it loads one at a time). */
const queue: string[] = [];
let requestChunk: ((chunk: string) => void) | null = null;
/** The chunk the machine is loading (or retrying): callers join its waiters instead of queueing it again. */
let inFlight: string | null = null;
/** Whether the app-load machine can take a chunk now (it is ready and loads none). */
let machineIdle = false;

/** Wraps a route's `import()` so that, once the app runs, it goes through the app-load machine. */
export function chunk<T>(name: string, importer: () => Promise<T>): () => Promise<T> {
  importers.set(name, importer);
  return () => {
    // Outside the app (unit tests, the first paint before the machine starts): a plain import.
    if (!requestChunk) return importer();
    return new Promise<T>((resolve) => {
      const list = waiters.get(name) ?? [];
      list.push({ resolve: (module) => resolve(module as T) });
      waiters.set(name, list);
      if (!queue.includes(name) && inFlight !== name) {
        // The machine loads one chunk at a time, and none before the app has loaded: a chunk that has
        // to wait (the screen behind the signed-in frame) starts downloading now, and the machine's
        // import then finds it loaded. A failed download here is the machine's to retry.
        if (!machineIdle || queue.length > 0) importer().catch(() => undefined);
        queue.push(name);
      }
      pump();
    });
  };
}

function pump(): void {
  if (!requestChunk || !machineIdle) return;
  const next = queue.shift();
  if (next === undefined) return;
  machineIdle = false;
  inFlight = next;
  requestChunk(next);
}

/** The app-load machine's side: how to ask it for a chunk. Answers the disconnect function. */
export function connectChunkLoader(send: (chunk: string) => void): () => void {
  requestChunk = send;
  return () => {
    if (requestChunk === send) requestChunk = null;
  };
}

/** Called with the machine's chunk loader state: a new chunk may be asked for only when it is idle. */
export function chunkLoaderIdle(idle: boolean): void {
  machineIdle = idle;
  if (idle) pump();
}

/** The loadChunk actor's body: one attempt at importing the named chunk; success answers its waiters. */
export async function importChunk(name: string): Promise<void> {
  const importer = importers.get(name);
  if (!importer) throw new Error(`unknown chunk ${name}`);
  const module = await importer();
  if (inFlight === name) inFlight = null;
  const list = waiters.get(name) ?? [];
  waiters.delete(name);
  for (const waiter of list) waiter.resolve(module);
}
