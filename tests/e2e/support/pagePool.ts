// Pages that later tests of the same file load again instead of opening a new browser context. A
// context's first page load is the dearest step of an end-to-end test: its renderer process starts and
// compiles the app from nothing. The same page loading the app again costs about a third less CPU
// (docs/decisions/0005-e2e-cpu.md). So a test's page is handed back after it, cleaned, and the next
// test of that language takes it: storage, cookies, the test's init script and listeners removed, the
// page parked on a static file of its origin (same site, so the renderer and its compiled code stay).
// A page whose test changed what cannot be undone cheaply (a clock, offline mode, routes, init scripts
// or bindings of its own, emulated media) or that failed is closed with its context instead.
import type { Browser, BrowserContext, Disposable, Page } from 'playwright-core';

export interface PageOptions {
  viewport: { width: number; height: number };
  locale: string;
  /** localStorage entries written before the app's scripts run, on every load. */
  storage?: Record<string, string>;
}

export interface PooledPage {
  context: BrowserContext;
  page: Page;
}

/** A same-origin document that runs no script: where a handed-back page waits for the next test. */
const PARKING_PATH = '/version.json';

/** Context and page methods whose effect outlives a test; calling one makes the page not reusable. */
const CONTEXT_CHANGES = ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'setOffline', 'setGeolocation', 'grantPermissions', 'setExtraHTTPHeaders', 'exposeBinding', 'exposeFunction', 'setHTTPCredentials'] as const;
const PAGE_CHANGES = ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia'] as const;

interface Entry extends PooledPage {
  locale: string;
  /** Set once the test did something a reset cannot undo. */
  changed: boolean;
  /** Removes this lease's storage init script. */
  storageScript?: Disposable;
  /** Listeners present when the page was made (the failure recorder's): kept, the rest removed. */
  ownListeners: { page: Map<string | symbol, Set<unknown>>; context: Map<string | symbol, Set<unknown>> };
  /** Origins the page loaded, whose storage is cleared on hand-back. */
  readonly origins: Set<string>;
}

export class PagePool {
  private readonly idle: Entry[] = [];
  /** Pages in use, each with whether a test took it (handed back after that test) or the file did. */
  private readonly leased = new Map<Page, { entry: Entry; byTest: boolean }>();
  private inTest = false;

  constructor(
    private readonly browser: Browser,
    private readonly contextOptions: { timezoneId: string },
  ) {}

  /** A clean page of `options.locale` at `options.viewport`, reused when one is idle. */
  async take(options: PageOptions): Promise<PooledPage> {
    const index = this.idle.findIndex((entry) => entry.locale === options.locale);
    const entry = index >= 0 ? this.idle.splice(index, 1)[0]! : await this.open(options);
    this.leased.set(entry.page, { entry, byTest: this.inTest });
    const size = entry.page.viewportSize();
    if (size?.width !== options.viewport.width || size.height !== options.viewport.height) await entry.page.setViewportSize(options.viewport);
    if (options.storage) entry.storageScript = await writeStorageOnEveryLoad(entry.context, Object.entries(options.storage));
    return { context: entry.context, page: entry.page };
  }

  /** From now until `endTest`, pages taken belong to the running test. */
  startTest(): void {
    this.inTest = true;
  }

  /** The contexts of the pages the running test took (for a failure report). */
  testContexts(): BrowserContext[] {
    return [...this.leased.values()].filter((lease) => lease.byTest).map((lease) => lease.entry.context);
  }

  /** Hands back the pages the test took: cleaned for reuse, or closed after a failed test (`keep` false). */
  async endTest({ keep }: { keep: boolean }): Promise<void> {
    this.inTest = false;
    const pages = [...this.leased].filter(([, lease]) => lease.byTest).map(([page]) => page);
    await Promise.all(pages.map((page) => this.handBack(page, { keep })));
  }

  /** Hands back one page (a file's page shared by several tests, after the last of them). */
  async handBack(page: Page, { keep = true }: { keep?: boolean } = {}): Promise<void> {
    const lease = this.leased.get(page);
    if (!lease) return;
    this.leased.delete(page);
    const { entry } = lease;
    const clean = keep && !entry.changed && !page.isClosed() && (await reset(entry).then(() => true, () => false));
    if (clean) this.idle.push(entry);
    else await closeForGood(entry);
  }

  /** Whether `context` is one of the pool's (the harness closes the others a test opened). */
  owns(context: BrowserContext): boolean {
    return [...this.leased.values()].some((lease) => lease.entry.context === context) || this.idle.some((entry) => entry.context === context);
  }

  async close(): Promise<void> {
    const entries = [...this.idle.splice(0), ...[...this.leased.values()].map((lease) => lease.entry)];
    this.leased.clear();
    await Promise.all(entries.map(closeForGood));
  }

  private async open(options: PageOptions): Promise<Entry> {
    const context = await this.browser.newContext({ viewport: options.viewport, locale: options.locale, timezoneId: this.contextOptions.timezoneId });
    const page = await context.newPage();
    const origins = new Set<string>();
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) origins.add(origin);
    });
    const entry: Entry = {
      context,
      page,
      locale: options.locale,
      changed: false,
      ownListeners: { page: listenersOf(page), context: listenersOf(context) },
      origins,
    };
    markChangesOf(context, CONTEXT_CHANGES, entry);
    markChangesOf(page, PAGE_CHANGES, entry);
    for (const clock of [context.clock, page.clock]) markChangesOf(clock, ['install', 'setFixedTime', 'setSystemTime', 'fastForward', 'runFor', 'pauseAt'], entry);
    // A test that closes its page or context is done with it (often inside a loop of cases): the next
    // case takes it back cleaned.
    const handBack = () => this.handBack(page);
    Object.defineProperty(page, 'close', { configurable: true, value: handBack });
    Object.defineProperty(context, 'close', { configurable: true, value: handBack });
    return entry;
  }
}

function writeStorageOnEveryLoad(context: BrowserContext, pairs: [string, string][]): Promise<Disposable> {
  // The harness's own script, so it bypasses the change marker on addInitScript.
  return Object.getPrototypeOf(context).addInitScript.call(
    context,
    (entries: [string, string][]) => {
      // about:blank, where every page starts, has no storage to fill (it threw there).
      if (window.location.protocol === 'about:') return;
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    },
    pairs,
  );
}

/** Closes the context of a page not to be reused (its own close hands it back instead). */
async function closeForGood(entry: Entry): Promise<void> {
  await Object.getPrototypeOf(entry.context).close.call(entry.context).catch(() => undefined);
}

/** Cleans a handed-back page for the next test; rejects when it cannot, and the page is closed. */
async function reset(entry: Entry): Promise<void> {
  const { context, page } = entry;
  await entry.storageScript?.dispose();
  entry.storageScript = undefined;
  await Promise.all(context.pages().filter((other) => other !== page).map((other) => other.close()));
  removeListenersBut(page, entry.ownListeners.page);
  removeListenersBut(context, entry.ownListeners.context);
  const here = new URL(page.url()).origin;
  if (!here.startsWith('http')) {
    if (entry.origins.size > 0) throw new Error('the page left its origin for a page of none: its storage is not reachable');
    return; // never left about:blank: nothing to clean
  }
  await page.goto(new URL(PARKING_PATH, here).href);
  await page.evaluate(() => window.sessionStorage.clear());
  const cdp = await context.newCDPSession(page);
  for (const origin of entry.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' }); // cookies included
  await cdp.detach();
  entry.origins.clear();
  entry.origins.add(here);
}

/** Playwright's pages and contexts are Node-style emitters at run time; its types declare only on/off. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}

function listenersOf(target: Page | BrowserContext): Map<string | symbol, Set<unknown>> {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
}

function removeListenersBut(target: Page | BrowserContext, kept: Map<string | symbol, Set<unknown>>): void {
  const emitter = target as unknown as Emitter;
  for (const name of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(name)) {
      if (!kept.get(name)?.has(listener)) emitter.removeListener(name, listener);
    }
  }
}

function markChangesOf<T extends object>(target: T, methods: readonly string[], entry: Entry): void {
  for (const name of methods) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        entry.changed = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
  }
}
