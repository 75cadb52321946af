// The built app's translation catalogues as ICU message syntax trees instead of text (formatjs
// "pre-compiling messages"): react-intl then formats without its message parser, which the
// production build leaves out of the JavaScript every page loads (vite.config.ts). The catalogues in
// public/locales stay text: they are what translators and the i18n checks read, and what `npm run dev`
// and Storybook serve, with the parser.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** One catalogue's messages parsed as react-intl's IntlMessageFormat would parse them at run time. */
export function compileCatalogue(messages: Readonly<Record<string, unknown>>): Record<string, MessageFormatElement[]> {
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') continue;
    try {
      compiled[key] = parse(message);
    } catch (error) {
      throw new Error(`${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return compiled;
}

/** Rewrites every `*.json` catalogue in `dir` (the build's locales/) in place; answers how many. */
export function compileCatalogueDirectory(dir: string): number {
  const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  for (const file of files) {
    const path = join(dir, file);
    try {
      writeFileSync(path, JSON.stringify(compileCatalogue(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)));
    } catch (error) {
      throw new Error(`locales/${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return files.length;
}
