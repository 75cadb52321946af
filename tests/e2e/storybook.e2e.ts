// Every story of the built Storybook in Debian's Chromium: it renders, its play function passes,
// something shows, and the console stays free of errors, in English and in Arabic (right to left); one
// test per story and language. Offline: the static build (made in the background by the e2e global
// setup) is served from this process. STORYBOOK_SKIP_BUILD=1 reuses an existing storybook-static/.
// This is the stories' check in `npm test`; tests/stories/stories.test.ts runs the same plays in jsdom
// for `npm run test:fast`, the inner loop without a browser (vitest.config.ts leaves it out otherwise).
import fastifyStatic from '@fastify/static';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as machines from '../../machines';
import { storybookBuilt } from './support/appBuild';
import { storyIdsFromSources } from './support/storyIds';
import { TEST_BROWSER_PATH } from './support/browser';

const STATIC_DIR = join(process.cwd(), 'storybook-static');
const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');
const LOCALES = ['en', 'ar-SA'] as const;
/** Known when the tests are collected, before the build is: tested against the build's index below. */
const SOURCE_STORY_IDS = storyIdsFromSources();
/** How long a story may take to show something once Storybook has finished it (a route renders after its first navigation settles). */
const SHOWS_SOMETHING_MS = 5_000;
/** How long a story may take to render and play: the offline basemap's play waits up to 30 s for software WebGL to draw. */
const STORY_FINISHED_MS = 45_000;
/** Most stories show text at once (checked first); the rest are looked at again this often, not on every frame. */
const SHOWS_SOMETHING_POLL_MS = 50;
/** The Storybook build starts after the app build; on a busy two-core machine each has taken minutes. */
const STORYBOOK_BUILD_WAIT_MS = 600_000;
/** A few stories are kept as pictures in test-results/screenshots for a reviewer. */
const PICTURED = new Set([
  'screens-request-a-rider--order-details',
  'screens-request-a-rider--signature-changed',
  'screens-order-tracking--order-detail-with-rider',
  'screens-bulk-order--uploaded-and-checked',
  'components-mapview--offline-basemap',
  'components-sidedrawer--open',
]);

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

interface StoryOutcome {
  phase: string;
  errorShown: boolean;
  errorText: string;
  dir: string;
  /** The language the preview's toolbar globals hold after the story (a story may switch it). */
  locale: string;
  /** Text, or a frame, canvas or picture, shows (in the story's root or a portal on the body). */
  showsSomething: boolean;
}

function storyIds(): string[] {
  const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
}

interface PreviewChannel {
  emit(event: string, payload: unknown): void;
  on(event: string, listener: (payload: unknown) => void): void;
  off(event: string, listener: (payload: unknown) => void): void;
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: { id?: string; phase?: string };
    storyStoreValue?: { userGlobals: { get(): Record<string, unknown> } };
  };
  __STORYBOOK_ADDONS_CHANNEL__?: PreviewChannel;
}

/**
 * Waits in the page until Storybook has finished the story (its render phase reached `finished`) or
 * shows an error instead, woken by the preview's render-phase events and by the error display's class
 * appearing on the body: no polling on every animation frame, which kept the page drawing frames for
 * the whole of every story (a third of this file's CPU). `select` runs after the listeners are in place.
 */
function whenStoryFinished(page: Page, storyId: string, select: boolean): Promise<void> {
  return page.evaluate(
    ({ storyId, select, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const preview = window as unknown as PreviewWindow;
        const channel = preview.__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) return reject(new Error('no Storybook preview channel'));
        const finished = () => {
          const render = preview.__STORYBOOK_PREVIEW__?.currentRender;
          return (render?.id === storyId && render.phase === 'finished') || document.body.classList.contains('sb-show-errordisplay');
        };
        const errorShown = new MutationObserver(check);
        const timer = setTimeout(() => settle(new Error(`story ${storyId} did not finish within ${timeoutMs} ms`)), timeoutMs);
        function settle(error?: Error) {
          clearTimeout(timer);
          errorShown.disconnect();
          channel!.off('storyRenderPhaseChanged', check);
          if (error) reject(error);
          else resolve();
        }
        function check() {
          if (finished()) settle();
        }
        channel.on('storyRenderPhaseChanged', check);
        errorShown.observe(document.body, { attributes: true, attributeFilter: ['class'] });
        if (select) channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        else check();
      }),
    { storyId, select, timeoutMs: STORY_FINISHED_MS },
  );
}

/**
 * Shows one story and waits until Storybook has finished it (rendered, played, or failed). A fresh
 * page load costs the whole preview bundle (most of this file's time when every story loaded
 * iframe.html anew), so after the first load the next story is selected through the preview's channel,
 * as Storybook's own sidebar does; the caller asks for a fresh load when the last story failed or
 * changed the language, so every story starts as a direct link to it would.
 */
async function renderStory(page: Page, baseUrl: string, id: string, locale: string, fresh: boolean): Promise<StoryOutcome> {
  if (fresh) {
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=locale:${locale}`);
    // The preview script has run by the load event, so its channel is there to listen to.
    await whenStoryFinished(page, id, false);
  } else {
    await whenStoryFinished(page, id, true);
  }
  const showsSomething = await page
    .waitForFunction(
      () => document.body.innerText.trim() !== '' || document.querySelector('#storybook-root :is(iframe, canvas, svg, img)') !== null,
      null,
      { timeout: SHOWS_SOMETHING_MS, polling: SHOWS_SOMETHING_POLL_MS },
    )
    .then(() => true, () => false);
  const outcome = await page.evaluate(() => {
    const preview = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__;
    return {
      phase: preview?.currentRender?.phase ?? '',
      errorShown: document.body.classList.contains('sb-show-errordisplay'),
      errorText: document.querySelector('#error-message')?.textContent ?? '',
      dir: document.documentElement.dir,
      locale: String(preview?.storyStoreValue?.userGlobals.get().locale ?? ''),
    };
  });
  return { ...outcome, showsSomething };
}

/** Debian's Chromium (its headless shell when installed) with a fresh profile, nothing running in the background. */
async function launchChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    viewport: { width: 1280, height: 800 },
    timezoneId: 'Asia/Dubai',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

describe('storybook', () => {
  let server: FastifyInstance;
  let baseUrl: string;
  let userDataDir: string;
  let browser: BrowserContext;

  beforeAll(async () => {
    // The e2e global setup builds Storybook in the background (support/appBuild.ts), unless the run
    // reuses storybook-static/ (STORYBOOK_SKIP_BUILD=1).
    const build = inject('storybookBuildStatus');
    if (build) await storybookBuilt(build);
    else if (!existsSync(join(STATIC_DIR, 'index.json'))) throw new Error('no Storybook build in storybook-static/ and none started');
    server = Fastify();
    await server.register(fastifyStatic, { root: STATIC_DIR });
    baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
    userDataDir = mkdtempSync(join(tmpdir(), 'storybook-chromium-'));
    browser = await launchChromium(userDataDir);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  }, STORYBOOK_BUILD_WAIT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('has stories for the components and screens', () => {
    const ids = storyIds();
    expect(ids.some((id) => id.startsWith('components-'))).toBe(true);
    expect(ids.filter((id) => id.startsWith('screens-request-a-rider--')).length).toBeGreaterThanOrEqual(8);
  });

  it('builds exactly the stories of stories/, one test each below', () => {
    expect([...storyIds()].sort()).toEqual([...SOURCE_STORY_IDS].sort());
  });

  it('has a Flows page for every machine exported from machines/', () => {
    // Storybook's id of a story export: `flows--` and the kebab-cased name (orderTrend → order-trend).
    const storyIdOf = (machine: string) => `flows--${machine.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    const exported = Object.keys(machines)
      .filter((name) => name.endsWith('Machine'))
      .map((name) => name.replace(/Machine$/, ''));
    expect(exported.length).toBeGreaterThan(20);
    const ids = new Set(storyIds());
    const missing = exported.filter((name) => !ids.has(storyIdOf(name)) || !existsSync(join(STATIC_DIR, 'flows', `${name}.html`)));
    // Each Flows story's play function then checks its page shows the machine's states (below).
    expect(missing, 'machines without a Flows story or page').toEqual([]);
  });

  for (const locale of LOCALES) {
    describe(`every story in ${locale}: renders, plays, shows something, no console error, nothing leaves the machine`, () => {
      let page: Page;
      /** What went wrong while the current story was shown. A message the page logs late would land
       * on the next story: still a failure, named one story on. */
      let problems: string[] = [];
      // A catalogue gap is listed by key, once per story.
      let missingMessages = new Set<string>();
      /** Load iframe.html anew for the next story (the first, and after one that failed or changed the language). */
      let fresh = true;

      beforeAll(async () => {
        page = await browser.newPage();
        // Storybook's test-runner mark (as its own test runner and Vitest addon set it): once a story has
        // played, the preview pauses its CSS animations instead of waiting 100 ms and more for them.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setUserAgentOverride', { userAgent: `${await page.evaluate(() => navigator.userAgent)} StorybookTestRunner` });
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const missing = /Missing message: "([^"]+)"/.exec(message.text());
          if (missing?.[1]) missingMessages.add(missing[1]);
          else problems.push(`console.error ${message.text().slice(0, 400)}`);
        });
        page.on('pageerror', (error) => problems.push(error.message));
        // Offline: nothing may leave the machine.
        await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
          problems.push(`request to ${route.request().url()}`);
          return route.abort();
        });
      });

      afterAll(async () => {
        await page?.close();
      });

      it.each(SOURCE_STORY_IDS)('%s', async (id) => {
        problems = [];
        missingMessages = new Set();
        const load = fresh;
        fresh = true; // until this story has finished as it should
        const outcome = await renderStory(page, baseUrl, id, locale, load);
        fresh = outcome.errorShown || outcome.phase !== 'finished' || outcome.locale !== locale;
        if (outcome.errorShown) problems.push(outcome.errorText.trim().slice(0, 300));
        if (outcome.dir !== (locale === 'ar-SA' ? 'rtl' : 'ltr')) problems.push(`dir=${outcome.dir}`);
        if (!outcome.showsSomething) problems.push(`nothing shows after ${SHOWS_SOMETHING_MS} ms`);
        if (PICTURED.has(id)) await page.screenshot({ path: join(SCREENSHOT_DIR, `storybook-${id}-${locale}.png`), fullPage: true });
        if (missingMessages.size > 0) problems.push(`missing from the ${locale} catalogue: ${[...missingMessages].sort().join(', ')}`);
        expect(problems).toEqual([]);
      });
    });
  }
});
