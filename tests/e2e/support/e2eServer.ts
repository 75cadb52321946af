// The setup most end-to-end files share: the real server serving the built app (dist/, or the build
// E2E_DIST_DIR names) on its own port and data dir, and one Chromium, started side by side before the
// file's tests and stopped after them. A file's own beforeAll, registered after this call, runs once
// both are up. Pages a test opens are handed back after it, cleaned for the next test to load again
// (pagePool.ts), and contexts it opened itself are closed: a page left open keeps drawing its map and
// polling, and a file of twenty flows ended with twenty live pages sharing two cores. A failed test's
// pages are captured first (failureEvidence.ts) and closed.
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startServer, type TestServer } from '../../server/harness';
import { launchBrowser, type LaunchedBrowser } from './browser';
import { reportFailure } from './failureEvidence';

export interface E2eServer {
  /** The server of this file (set once the file's hooks start). */
  readonly server: TestServer;
  /** The file's Chromium. */
  readonly browser: LaunchedBrowser;
}

/** The built app the end-to-end tests drive. */
export const distDir = (): string => process.env.E2E_DIST_DIR ?? join(process.cwd(), 'dist');

/** Starts a server (with `env` on top of DIST_DIR) and a browser for the calling file. */
export function useE2eServer(env: Record<string, string> = {}): E2eServer {
  let server: TestServer | undefined;
  let browser: LaunchedBrowser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer({ DIST_DIR: distDir(), ...env }), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  useTestPages(() => browser);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started yet: use it inside a test or hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the e2e browser is not launched yet: use it inside a test or hook');
      return browser;
    },
  };
}

/**
 * Hands the pages each test took back to the browser's pool after it (cleaned for the next test, or
 * closed after a failure) and closes the contexts the test opened itself; a failed test's pages are
 * captured first. Contexts open before a test (a file's beforeAll may open one for several tests) stay.
 * A file that launches its own browser gets no hand-back after each test, only when it closes a page.
 */
function useTestPages(browserOfFile: () => LaunchedBrowser | undefined): void {
  let openBefore = new Set<BrowserContext>();
  beforeEach(() => {
    const browser = browserOfFile();
    openBefore = new Set(browser?.browser.contexts());
    browser?.pages.startTest();
  });
  afterEach(async ({ task }) => {
    const browser = browserOfFile();
    if (!browser) return;
    const failed = task.result?.state === 'fail';
    const openedByTest = browser.browser.contexts().filter((context) => !openBefore.has(context) && !browser.pages.owns(context));
    if (failed) await reportFailure(task.name, [...browser.pages.testContexts(), ...openedByTest]);
    await Promise.all([browser.pages.endTest({ keep: !failed }), ...openedByTest.map((context) => context.close().catch(() => undefined))]);
  });
}
