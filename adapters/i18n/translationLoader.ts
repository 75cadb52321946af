// GET /locales/{locale}.json with an in-memory cache; a locale whose file is missing falls back to
// the default locale's messages (SPEC.md §1: unsupported languages fall back to the default). The
// production build's catalogues hold parsed messages (arrays), development's hold text.
import { ofetch } from 'ofetch';
import type { TranslationLoader, TranslationMessages } from '../ports';

export interface TranslationLoaderOptions {
  /** Where the locale files live: the app origin or a storage host (SPEC.md §7). */
  baseUrl: string;
  defaultLocale: string;
  fetch?: typeof ofetch;
}

export function createTranslationLoader(options: TranslationLoaderOptions): TranslationLoader {
  const fetchImpl = options.fetch ?? ofetch;
  const cache = new Map<string, Promise<TranslationMessages>>();

  const fetchMessages = (locale: string): Promise<TranslationMessages> => {
    const cached = cache.get(locale);
    if (cached !== undefined) return cached;
    const url = new URL(`locales/${encodeURIComponent(locale)}.json`, withTrailingSlash(options.baseUrl)).href;
    const loading = fetchImpl<unknown>(url, { retry: 1 }).then(onlyMessages);
    cache.set(locale, loading);
    // A failure is not cached: the next attempt asks again.
    loading.catch(() => cache.delete(locale));
    return loading;
  };

  return {
    async load(locale) {
      try {
        return { locale, messages: await fetchMessages(locale) };
      } catch (error) {
        if (locale === options.defaultLocale) throw error;
        return { locale: options.defaultLocale, messages: await fetchMessages(options.defaultLocale) };
      }
    },
  };
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function onlyMessages(value: unknown): TranslationMessages {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('Translations are not a map');
  // One kind per catalogue: the build compiles every message of a file, or none.
  return Object.fromEntries(Object.entries(value).filter(([, message]) => typeof message === 'string' || Array.isArray(message))) as TranslationMessages;
}
