import { useIntl } from 'react-intl';
import { useT, type MessageValues } from './useT';

/** Translates a catalogue key, or shows the text as it came when it is not one (a server message,
 * or a literal SPEC text that a machine passes on). A value that is itself a catalogue key (the
 * server's error key inside "We could not load current orders. {message}") is translated too. */
export function useMessage(): (keyOrText: string, values?: MessageValues) => string {
  const t = useT();
  const intl = useIntl();
  const translate = (keyOrText: string, values?: MessageValues) => (keyOrText in intl.messages ? t(keyOrText, values) : keyOrText);
  return (keyOrText, values) => {
    const shown = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? translate(value) : value]));
    return translate(keyOrText, shown);
  };
}
