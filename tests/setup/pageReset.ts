// What a page in the shared jsdom of the `web` project must lose between two test files: sharedDom.ts,
// the setup file, calls these; tests/structure/pageReset.test.ts checks them.
import { __PRIVATE__ } from 'styled-components';

type Listened = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

interface Listener {
  target: Listened;
  type: string;
  listener: EventListenerOrEventListenerObject;
  capture: boolean;
}

/** What outlives one file in the worker: the first page's URL, and the listeners of the file running now. */
interface WorkerPage {
  startUrl: string;
  /** Listeners added to window and document while recording and not removed since (null: not recording). */
  listeners: Set<Listener> | null;
}

// On globalThis: the window and document are patched once per worker, whichever module instance asks.
const KEY = Symbol.for('courier-portal.tests.sharedDom');
const holder = globalThis as unknown as { [KEY]?: WorkerPage };

function workerPage(): WorkerPage {
  let page = holder[KEY];
  if (!page) {
    page = { startUrl: window.location.href, listeners: null };
    holder[KEY] = page;
    trackListeners(window, page);
    trackListeners(document, page);
  }
  return page;
}

const captureOf = (options?: boolean | EventListenerOptions) => (typeof options === 'boolean' ? options : Boolean(options?.capture));

/** Records the listeners added to `target` while recording, so the ones left can be removed. */
function trackListeners(target: Listened, page: WorkerPage): void {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  const same = (entry: Listener, type: string, listener: EventListenerOrEventListenerObject | null, capture: boolean) =>
    entry.target === target && entry.type === type && entry.listener === listener && entry.capture === capture;
  target.addEventListener = (type, listener, options) => {
    add(type, listener, options);
    if (!listener || !page.listeners) return;
    const capture = captureOf(options);
    if ([...page.listeners].some((entry) => same(entry, type, listener, capture)) || addedByReactDom()) return;
    page.listeners.add({ target, type, listener, capture });
  };
  target.removeEventListener = (type, listener, options) => {
    remove(type, listener, options);
    if (!page.listeners) return;
    const capture = captureOf(options);
    for (const entry of page.listeners) if (same(entry, type, listener, capture)) page.listeners.delete(entry);
  };
}

/**
 * React DOM listens on the document once per document, for every root it will ever render (it marks the
 * document and never listens again): that listener is React's, not a file's, and must stay.
 */
function addedByReactDom(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 4;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  // Line 0 is "Error", then this function, then the patched addEventListener, then its caller.
  return stack.split('\n')[3]?.includes('/node_modules/react-dom/') ?? false;
}

/**
 * From now on, window and document listeners are recorded until removeLeftListeners. Started once the
 * file's modules are loaded: a library that listens once when its module loads keeps its listener.
 */
export function recordListeners(): void {
  workerPage().listeners = new Set();
}

/** Removes the window and document listeners added since recordListeners and still there (a router never destroyed). */
export function removeLeftListeners(): void {
  const page = workerPage();
  const left = page.listeners ?? new Set<Listener>();
  page.listeners = null;
  for (const entry of left) entry.target.removeEventListener(entry.type, entry.listener, entry.capture);
}

/** The page as the first file of the worker found it. */
export function resetPage(): void {
  const page = workerPage();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  // styled-components keeps the names of the rules it inserted beside its style tag: both go, so the
  // next render inserts its rules again.
  document.head.replaceChildren();
  __PRIVATE__.mainSheet.names.clear();
  __PRIVATE__.mainSheet.clearTag();
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  // A browser history (AppRouter's) wraps pushState and replaceState on the history object itself.
  for (const method of ['pushState', 'replaceState'] as const) {
    if (Object.hasOwn(window.history, method)) delete (window.history as Partial<History>)[method];
  }
  window.history.replaceState(null, '', page.startUrl);
}
