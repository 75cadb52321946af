// What every story stands in: the brand's theme, the language's catalogue and direction, the user's
// preferences, the toast queue and the map port, as src/app/App.tsx provides them to the app.
import { useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { createMapPort } from '../../adapters/map/loadMap';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { TranslationMessages } from '../../adapters/ports';
import { countryConfig } from '../../domain/countries';
import { isRtl } from '../../domain/locales';
import { PreferencesContext, type Preferences } from '../../src/app/preferences/PreferencesContext';
import { ToastProvider } from '../../src/app/toasts/ToastContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { directionOf, toBcp47 } from '../../src/i18n/bcp47';
import { BRAND_THEMES } from '../../src/theme/brands';
import type { BrandKey } from '../../src/theme/brandKey';
import { GlobalStyle } from '../../src/theme/GlobalStyle';

/** The Saudi reference build (SPEC §1) is the deployment every story runs in. */
export const STORY_COUNTRY = 'SA';

/** The languages of the toolbar: the reference build's two, the other right-to-left one (Urdu),
 * and scripts that stress layout (Thai, Japanese, Greek). */
export const STORY_LOCALES = ['en', 'ar-SA', 'ur', 'th_TH', 'ja', 'el'] as const;

/** 'placeholder': the in-memory map port (draws nothing, needs no WebGL); 'basemap': the app's
 * maplibre port over the offline basemap in public/basemap. */
export type StoryMapMode = 'placeholder' | 'basemap';

interface Props {
  brand: BrandKey;
  map: StoryMapMode;
  /** The language asked for in the toolbar. */
  locale: string;
  /** The catalogue that was found for it (English when the language has no file yet). */
  messages: TranslationMessages;
  onLocaleChange: (locale: string) => void;
  children: ReactNode;
}

/** react-intl reports a missing or broken message only in development builds; the built Storybook
 * reports it too, so the story check catches a raw key on screen. */
function reportIntlError(error: Error): void {
  console.error(`[i18n] ${error.message}`);
}

export function StoryFrame({ brand, map, locale, messages, onLocaleChange, children }: Props) {
  const country = countryConfig(STORY_COUNTRY);
  // The toolbar's callback changes on every render; the app's language pickers get a stable one.
  const latestOnLocaleChange = useRef(onLocaleChange);
  useLayoutEffect(() => {
    latestOnLocaleChange.current = onLocaleChange;
  });
  const setLocale = useCallback((next: string) => latestOnLocaleChange.current(next), []);
  const mapPort = useMemo(() => (map === 'basemap' ? createMapPort({ basemapPath: 'basemap/' }) : createMemoryMapPort()), [map]);
  const preferences = useMemo<Preferences>(
    () => ({
      countryConfig: country,
      locale,
      locales: STORY_LOCALES,
      setLocale,
      brand,
      // The toolbar switches brands; the app's development switcher stays hidden.
      setBrand: null,
      timeZone: country.timeZone,
      currency: country.currency,
    }),
    [country, locale, setLocale, brand],
  );
  useLayoutEffect(() => {
    document.documentElement.lang = toBcp47(locale);
    document.documentElement.dir = directionOf(isRtl(locale));
  }, [locale]);
  return (
    <ThemeProvider theme={BRAND_THEMES[brand]}>
      <GlobalStyle />
      <PreferencesContext.Provider value={preferences}>
        <IntlProvider locale={toBcp47(locale)} messages={messages} defaultLocale="en" onError={reportIntlError}>
          <ToastProvider>
            <MapPortProvider port={mapPort}>{children}</MapPortProvider>
          </ToastProvider>
        </IntlProvider>
      </PreferencesContext.Provider>
    </ThemeProvider>
  );
}
