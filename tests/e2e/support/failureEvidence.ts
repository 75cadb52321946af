// What a failed end-to-end test leaves for whoever reads a CI log afterwards: each page it opened is
// captured (test-results/failures/) and the log gets the page's address, what it announced (alerts,
// status messages) and its last requests, console errors and uncaught exceptions. A test that times out
// waiting for a page otherwise says only "timeout", and a flake seen once in CI cannot be run again.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';

const FAILURE_DIR = join(process.cwd(), 'test-results', 'failures');
/** Enough to see the requests around the step that hung, short enough to read in a log. */
const KEPT_EVENTS = 40;

/** The app's own calls and page loads; scripts, styles, tiles and images would crowd them out. */
const CALLS = new Set(['fetch', 'xhr', 'document', 'eventsource']);

const eventsOfPage = new WeakMap<Page, string[]>();

/** Keeps the last calls, navigations, sockets, console errors and page errors of every page `context` opens. */
export function recordPageEvents(context: BrowserContext): void {
  context.on('page', (page) => {
    const events: string[] = [];
    eventsOfPage.set(page, events);
    const keep = (line: string) => {
      events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      if (events.length > KEPT_EVENTS) events.shift();
    };
    const started = new Map<Request, number>();
    page.on('request', (request) => {
      if (CALLS.has(request.resourceType())) started.set(request, Date.now());
    });
    page.on('requestfinished', async (request) => {
      const since = started.get(request);
      if (since === undefined) return;
      started.delete(request);
      const response = await request.response().catch(() => null);
      keep(`${request.method()} ${loggablePath(request.url())} -> ${response?.status() ?? '?'} (${Date.now() - since} ms)`);
    });
    page.on('requestfailed', (request) => {
      started.delete(request);
      keep(`${request.method()} ${loggablePath(request.url())} failed: ${request.failure()?.errorText ?? ''}`);
    });
    page.on('websocket', (socket) => {
      keep(`websocket ${loggablePath(socket.url())} open`);
      socket.on('close', () => keep(`websocket ${loggablePath(socket.url())} closed`));
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || (message.type() === 'warning' && !message.text().includes('GL Driver Message'))) {
        keep(`console.${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) keep(`at ${loggablePath(frame.url())}`);
    });
  });
}

/** Captures and prints what the pages of `contexts` show, for the failed test `testName`. */
export async function reportFailure(testName: string, contexts: readonly BrowserContext[]): Promise<void> {
  mkdirSync(FAILURE_DIR, { recursive: true });
  const pages = contexts.flatMap((context) => context.pages());
  const reports = await Promise.all(pages.map((page, index) => describePage(page, `${fileNameOf(testName)}-${index + 1}`)));
  if (reports.length > 0) console.error(`\n== what the pages of the failed test "${testName}" showed\n${reports.join('\n')}`);
}

async function describePage(page: Page, name: string): Promise<string> {
  const path = join(FAILURE_DIR, `${name}.png`);
  const captured = await page.screenshot({ path, fullPage: true, timeout: 5_000 }).then(
    () => path,
    () => 'no screenshot (the page did not answer)',
  );
  const announced = await page
    .locator('[role="alert"], [role="status"]')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()).filter(Boolean))
    .catch(() => []);
  return [
    `-- ${loggablePath(page.url())}: ${captured}`,
    `   announced: ${announced.length > 0 ? announced.join(' | ') : 'nothing'}`,
    ...(eventsOfPage.get(page) ?? []).map((event) => `   ${event}`),
  ].join('\n');
}

/** A URL without its origin, and without the values of parameters that carry credentials (the live
 * socket's URL carries the tokens), so a log never holds a secret. */
export function loggablePath(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!/^(https?|wss?):$/.test(parsed.protocol)) return url; // about:blank, data:
  for (const name of [...parsed.searchParams.keys()]) {
    if (CREDENTIAL_PARAM.test(name)) parsed.searchParams.set(name, 'redacted');
  }
  return `${parsed.pathname}${parsed.search}`;
}

const CREDENTIAL_PARAM = /auth|token|signature|key|secret|password/i;

function fileNameOf(testName: string): string {
  return testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
}
