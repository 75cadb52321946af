// The `web` project's files share one jsdom and one module graph per worker (vitest.config.ts,
// `isolate: false`). Isolated, each file started on an empty page with empty storage; here the next
// file would find what the last one left: rendered trees, styled-components' style tags, storage, the
// URL and the routers' hooks on window.history, attributes on <html> and <body>, window and document
// listeners, fake timers and stubbed globals. Vitest runs this file again before every test file: it
// puts all of them back as a fresh page has them (pageReset.ts), so no file sees another's state.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { routerLoadsSettled } from '../web/routerLoads';
import { recordListeners, removeLeftListeners, resetPage } from './pageReset';

resetPage();

beforeAll(recordListeners);

// Testing Library unmounts after each test only where the file asks (no Vitest globals).
afterEach(cleanup);

afterAll(async () => {
  // A screen still loading would finish after this file's environment is gone (routerLoads.ts).
  await routerLoadsSettled();
  cleanup();
  removeLeftListeners();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetPage();
});
