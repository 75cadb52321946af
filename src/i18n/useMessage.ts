import { useIntl } from 'react-intl';
import { useT, type MessageValues } from './useT';

/** Translates a catalogue key, or shows the text as it came when it is not one (a server message,
 * or a literal SPEC text that a machine passes on). */
export function useMessage(): (keyOrText: string, values?: MessageValues) => string {
  const t = useT();
  const intl = useIntl();
  return (keyOrText, values) => (keyOrText in intl.messages ? t(keyOrText, values) : keyOrText);
}
