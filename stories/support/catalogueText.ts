// Play functions find elements by what the user reads, in the story's language: a catalogue message
// formatted as the screen formats it (the key itself when the catalogue lacks it, as react-intl shows).
import { createIntl } from 'react-intl';
import type { TranslationMessages } from '../../adapters/ports';
import { toBcp47 } from '../../src/i18n/bcp47';
import type { PlayContext } from './playContext';

export type TextOf = (key: string, values?: Record<string, string | number>) => RegExp;

/** `textOf(key, values)`: a pattern matching names that begin with the message's text. */
export function catalogueText({ loaded, globals }: PlayContext): TextOf {
  const messages = (loaded as { messages?: TranslationMessages }).messages ?? {};
  const locale = typeof globals.locale === 'string' ? globals.locale : 'en';
  // A gap in the catalogue is reported once by the story frame; here the key stands in silently.
  const intl = createIntl({ locale: toBcp47(locale), messages, onError: () => undefined });
  return (key, values) => new RegExp(`^${escapeRegExp(intl.formatMessage({ id: key }, values))}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
