import type { TranslationLoader } from '../../adapters/ports';

/**
 * The translations as the first render sees them: they wait for the opened page's screen chunk as well
 * (started at startup, beside their fetch), so the page appears whole, not as an empty frame that its
 * screen then fills and shifts. A chunk that fails to load here does not hold the page back: the route
 * loads it again through the app-load machine, which retries it.
 */
export function withFirstScreen(translations: TranslationLoader, firstScreen: Promise<unknown> | undefined): TranslationLoader {
  if (firstScreen === undefined) return translations;
  const screen = firstScreen.catch(() => undefined);
  return { load: async (locale) => (await Promise.all([translations.load(locale), screen]))[0] };
}
