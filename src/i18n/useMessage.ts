import { isLiteralElement, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { useIntl } from 'react-intl';
import { useT, type MessageValues } from './useT';

/** Translates a catalogue key, or shows the text as it came when it is not one (a server message,
 * or a literal SPEC text that a machine passes on). A value that is itself a catalogue key (the
 * server's error key inside "We could not load current orders. {message}") is translated too. */
export function useMessage(): (keyOrText: string, values?: MessageValues) => string {
  const t = useT();
  const intl = useIntl();
  const translate = (keyOrText: string, values?: MessageValues) => (keyOrText in intl.messages ? t(keyOrText, values) : keyOrText);
  // A key inside a message is shown translated when it needs no values of its own, else left out (the
  // outer message already says what failed).
  const nested = (value: string) => {
    const message = intl.messages[value];
    if (message === undefined) return value;
    return needsNoValues(message) ? t(value) : '';
  };
  return (keyOrText, values) => {
    const shown = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? nested(value) : value]));
    return translate(keyOrText, shown);
  };
}

/** A message without placeholders: text with no `{`, or (production build, scripts/build/compileCatalogues.ts) a syntax tree of literals only. */
function needsNoValues(message: string | MessageFormatElement[]): boolean {
  return typeof message === 'string' ? !message.includes('{') : message.every(isLiteralElement);
}
