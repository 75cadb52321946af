// Translations from GET /locales/{locale}.json on a real loopback server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranslationLoader } from '../../adapters/i18n/translationLoader';
import { fetchBuildVersion } from '../../adapters/version';
import { ApiError } from '../../adapters/http/apiError';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond((request) => {
    switch (request.url.pathname) {
      case '/locales/en.json':
        return { status: 200, json: { 'request.search.no-results': 'No results', nested: { ignored: true } } };
      case '/locales/fr.json':
        return { status: 200, json: { 'request.search.no-results': [{ type: 0, value: 'Aucun résultat' }], count: 3, nested: { ignored: true } } };
      case '/locales/ar-SA.json':
        return { status: 200, json: { 'request.search.no-results': 'لا توجد نتائج' } };
      case '/version.json':
        return { status: 200, json: { build_id: 'build-42' } };
      default:
        return { status: 404, body: 'missing' };
    }
  });
});

describe('translation loader', () => {
  it('loads a locale once and serves it from memory afterwards', async () => {
    const loader = createTranslationLoader({ baseUrl: server.origin, defaultLocale: 'en' });
    const first = await loader.load('ar-SA');
    await loader.load('ar-SA');
    expect(first).toEqual({ locale: 'ar-SA', messages: { 'request.search.no-results': 'لا توجد نتائج' } });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps only messages: text, or the syntax trees the production build compiles them to', async () => {
    const loader = createTranslationLoader({ baseUrl: server.origin, defaultLocale: 'en' });
    expect((await loader.load('en')).messages).toEqual({ 'request.search.no-results': 'No results' });
    expect((await loader.load('fr')).messages).toEqual({ 'request.search.no-results': [{ type: 0, value: 'Aucun résultat' }] });
  });

  it('falls back to the default locale when a locale file is missing', async () => {
    const loader = createTranslationLoader({ baseUrl: `${server.origin}/`, defaultLocale: 'en' });
    const loaded = await loader.load('sv');
    expect(loaded.locale).toBe('en');
    expect(loaded.messages['request.search.no-results']).toBe('No results');
  });

  it('fails when the default locale itself is missing', async () => {
    const loader = createTranslationLoader({ baseUrl: server.origin, defaultLocale: 'xx' });
    await expect(loader.load('xx')).rejects.toThrow();
  });
});

describe('version.json', () => {
  it('reads the build id from the app origin, bypassing caches', async () => {
    expect(await fetchBuildVersion(server.origin)).toEqual({ build_id: 'build-42' });
    expect(server.requests[0]?.url.searchParams.has('t')).toBe(true);
  });

  it('reports a missing file as an ApiError', async () => {
    server.answer({ status: 404, body: '' });
    await expect(fetchBuildVersion(server.origin)).rejects.toBeInstanceOf(ApiError);
  });
});
