import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { directionOf, formattingLocale, toBcp47 } from './bcp47';
import type { TranslationMessages as Catalogue } from '../../adapters/ports';

type CatalogueState = { status: 'loading' } | { status: 'ready'; locale: string; messages: Catalogue } | { status: 'failed'; locale: string };

interface Props {
  locale: string;
  rtl: boolean;
  loadMessages: (locale: string) => Promise<Catalogue>;
  /** Shown when the catalogue cannot be fetched (SPEC §2: full-screen error snackbar). */
  renderFailure: () => ReactNode;
  renderLoading: () => ReactNode;
  children: ReactNode;
}

/** Fetches the locale's catalogue at run time, keeps the previous one on screen while the next
 * loads, and sets the document's lang and dir. */
export function I18nProvider({ locale, rtl, loadMessages, renderFailure, renderLoading, children }: Props) {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    loadMessages(locale).then(
      (messages) => current && setState({ status: 'ready', locale, messages }),
      () => current && setState({ status: 'failed', locale }),
    );
    return () => {
      current = false;
    };
  }, [locale, loadMessages]);

  useEffect(() => {
    document.documentElement.lang = toBcp47(locale);
    document.documentElement.dir = directionOf(rtl);
  }, [locale, rtl]);

  if (state.status === 'failed') {
    return (
      <IntlProvider locale="en" messages={{}} onError={() => undefined}>
        {renderFailure()}
      </IntlProvider>
    );
  }
  if (state.status === 'loading') return <>{renderLoading()}</>;
  return (
    <IntlProvider locale={formattingLocale(state.locale)} messages={state.messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
