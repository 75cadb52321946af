import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useTheme } from 'styled-components';

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** `t(key, values)` with the brand's names always available as {productName} and {platformName}
 * (SPEC §1: brand and platform names are injected into texts). */
export function useT(): (id: string, values?: MessageValues) => string {
  const intl = useIntl();
  const theme = useTheme();
  return useCallback(
    (id: string, values?: MessageValues) =>
      intl.formatMessage({ id }, { productName: theme.productName, platformName: theme.platformName, ...values }),
    [intl, theme.productName, theme.platformName],
  );
}
