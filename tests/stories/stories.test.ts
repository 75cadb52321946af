// @vitest-environment jsdom
// Every story, composed with the project's preview (brand, language, providers) and run with its play
// function under jsdom: it renders and plays without a console error. The inner loop's check
// (`npm run test:fast`, no browser): it runs only when a command names tests/stories, since a whole run
// makes the same checks, and more, on the built Storybook in Chromium (tests/e2e/storybook.e2e.ts).
import { composeStories, setProjectAnnotations, type ReactRenderer } from '@storybook/react-vite';
import type { ComposedStoryFn } from 'storybook/internal/types';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as preview from '../../.storybook/preview';

type StoryModule = Parameters<typeof composeStories>[0];

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });
const PUBLIC_DIR = join(__dirname, '../../public');

/** The static files Storybook serves from public/ (staticDirs), read from disk. */
async function servePublic(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  try {
    return new Response(await readFile(join(PUBLIC_DIR, decodeURIComponent(url.pathname))), { status: 200, headers: { 'content-type': 'application/json' } });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

// Before composing: the stories take the preview's decorators and loaders when they are composed.
setProjectAnnotations(preview.default);

/** Each distinct console error once and short; a missing catalogue message by its key only. */
function distinctComplaints(errors: readonly unknown[][]): string[] {
  const texts = errors.map((args) => args.map(String).join(' '));
  return [...new Set(texts.map((text) => {
      const missing = /Missing message: "([^"]+)"/.exec(text);
      return missing ? `missing message ${missing[1]}` : text.slice(0, 300);
    }))];
}

beforeAll(() => {
  vi.stubGlobal('fetch', vi.fn(servePublic));
});

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace('../../stories/', ''), () => {
    for (const [name, Story] of Object.entries<ComposedStoryFn<ReactRenderer>>(composeStories(module))) {
      // jsdom has no WebGL and loads no frame: the real basemap and the Flows pages are checked in Chromium only.
      it.skipIf(Story.tags.includes('needs-webgl') || Story.tags.includes('needs-static-build'))(name, async () => {
        const errors: unknown[][] = [];
        const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
        const canvasElement = document.body.appendChild(document.createElement('div'));
        try {
          // Renders with the preview's loaders and decorators, then plays; a failing play throws.
          await Story.run({ canvasElement });
          // Something shows (routes render after their first navigation settles); dialogs and drawers
          // render into a portal on the body, everything else inside the canvas.
          await vi.waitFor(() => expect(document.body.textContent?.trim()).not.toBe(''), { timeout: 5000 });
        } finally {
          // Loading the story again runs its cleanups first, which unmount it (portals included).
          await Story.load();
          canvasElement.remove();
          spy.mockRestore();
        }
        expect(distinctComplaints(errors)).toEqual([]);
      });
    }
  });
}
