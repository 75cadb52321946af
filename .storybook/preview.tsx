import '@fontsource-variable/noto-sans-arabic';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { useGlobals } from 'storybook/preview-api';
import { createTranslationLoader } from '../adapters/i18n/translationLoader';
import type { TranslationMessages } from '../adapters/ports';
import { BRANDS } from '../domain/brands';
import { BRAND_KEYS, isBrandKey, type BrandKey } from '../src/theme/brandKey';
import { STORY_LOCALES, StoryFrame, type StoryMapMode } from '../stories/support/StoryFrame';

// The catalogues are the app's own files, served from public/ by staticDirs beside iframe.html.
const translations = createTranslationLoader({ baseUrl: new URL('./', window.location.href).href, defaultLocale: 'en' });

const loadCatalogue: Loader = async ({ globals }) => {
  const locale = typeof globals.locale === 'string' ? globals.locale : 'en';
  return { messages: (await translations.load(locale)).messages };
};

const withApp: Decorator = (Story, context) => {
  const [, updateGlobals] = useGlobals();
  const brand: BrandKey = typeof context.globals.brand === 'string' && isBrandKey(context.globals.brand) ? context.globals.brand : 'HUNGER_STATION';
  const locale = typeof context.globals.locale === 'string' ? context.globals.locale : 'en';
  const map: StoryMapMode = context.globals.map === 'basemap' ? 'basemap' : 'placeholder';
  const messages = (context.loaded as { messages?: TranslationMessages }).messages ?? {};
  return (
    // The app's own language pickers change the toolbar's language too.
    <StoryFrame brand={brand} map={map} locale={locale} messages={messages} onLocaleChange={(next) => updateGlobals({ locale: next })}>
      <Story />
    </StoryFrame>
  );
};

const preview: Preview = {
  globalTypes: {
    brand: {
      description: 'Brand (theme, logo and product name)',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        items: BRAND_KEYS.map((key) => ({ value: key, title: BRANDS[key].productName })),
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language (right-to-left for Arabic and Urdu)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: STORY_LOCALES.map((locale) => ({ value: locale, title: locale })),
        dynamicTitle: true,
      },
    },
    map: {
      description: 'Maps: a placeholder (no WebGL needed) or the real offline basemap',
      toolbar: {
        title: 'Map',
        icon: 'location',
        items: [
          { value: 'placeholder', title: 'Map placeholder (in-memory port)' },
          { value: 'basemap', title: 'Offline basemap (maplibre)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { brand: 'HUNGER_STATION', locale: 'en', map: 'placeholder' },
  loaders: [loadCatalogue],
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { date: /At$/ } },
  },
};

export default preview;
