import { BRANDS } from '../../domain/brands';
import type { BrandKey } from './brandKey';
import type { BrandTheme } from './theme';

const neutral = {
  text: '#1d1d1f',
  textMuted: '#5b5f66',
  background: '#f6f7f9',
  surface: '#ffffff',
  border: '#d6d9de',
  error: '#b42318',
  warning: '#8a5300',
  success: '#067647',
  info: '#1d4ed8',
};

/** The brand's names come from the domain (one source for texts and server). */
function names(brand: BrandKey): Pick<BrandTheme, 'brand' | 'productName' | 'platformName'> {
  return { brand, productName: BRANDS[brand].productName, platformName: BRANDS[brand].platformName };
}

/** One theme per brand key. Primary colours are the brands' hues darkened where needed so white
 * text on them keeps a 4.5:1 contrast (checked in tests/web/theme.test.ts). */
export const BRAND_THEMES: Record<BrandKey, BrandTheme> = {
  TALABAT: {
    ...names('TALABAT'),
    colors: { ...neutral, primary: '#C74500', onPrimary: '#ffffff', primaryOnSurface: '#C74500', primaryHover: '#A83A00', primarySoft: '#FFF0E6', accent: '#FF5A00', focus: '#1d4ed8' },
  },
  FOODPANDA: {
    ...names('FOODPANDA'),
    colors: { ...neutral, primary: '#D70F64', onPrimary: '#ffffff', primaryOnSurface: '#D70F64', primaryHover: '#B30C53', primarySoft: '#FDEBF2', accent: '#FF2B85', focus: '#1d4ed8' },
  },
  FOODORA: {
    ...names('FOODORA'),
    colors: { ...neutral, primary: '#BF0A55', onPrimary: '#ffffff', primaryOnSurface: '#BF0A55', primaryHover: '#9E0846', primarySoft: '#FCE8F0', accent: '#EB0A6E', focus: '#1d4ed8' },
  },
  PANDASEND: {
    ...names('PANDASEND'),
    colors: { ...neutral, primary: '#C8105C', onPrimary: '#ffffff', primaryOnSurface: '#C8105C', primaryHover: '#A50D4C', primarySoft: '#FCEAF1', accent: '#1E2A4A', focus: '#1d4ed8' },
  },
  HUNGER_STATION: {
    ...names('HUNGER_STATION'),
    colors: { ...neutral, primary: '#FFD400', onPrimary: '#1d1d1f', primaryOnSurface: '#806600', primaryHover: '#F0C400', primarySoft: '#FFF8D6', accent: '#1d1d1f', focus: '#1d4ed8' },
  },
  EFOOD: {
    ...names('EFOOD'),
    colors: { ...neutral, primary: '#C8102E', onPrimary: '#ffffff', primaryOnSurface: '#C8102E', primaryHover: '#A60D26', primarySoft: '#FDECEE', accent: '#E4002B', focus: '#1d4ed8' },
  },
  FOODY: {
    ...names('FOODY'),
    colors: { ...neutral, primary: '#B30F4C', onPrimary: '#ffffff', primaryOnSurface: '#B30F4C', primaryHover: '#940C3F', primarySoft: '#FBE9F0', accent: '#F5A000', focus: '#1d4ed8' },
  },
  GLOVO: {
    ...names('GLOVO'),
    colors: { ...neutral, primary: '#FFC244', onPrimary: '#1d1d1f', primaryOnSurface: '#8A6100', primaryHover: '#F5B52A', primarySoft: '#FFF6E0', accent: '#007A63', focus: '#1d4ed8' },
  },
};
