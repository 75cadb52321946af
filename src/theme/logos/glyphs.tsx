import type { ReactElement } from 'react';
import type { BrandKey } from '../brandKey';

/** A small mark per brand, drawn for this project in a 32×32 box: `fill` is the brand colour,
 * `ink` the colour drawn on it. Simple shapes, no trademarked artwork. */
export const BRAND_GLYPHS: Record<BrandKey, (fill: string, ink: string) => ReactElement> = {
  TALABAT: (fill, ink) => (
    <>
      <path d="M6 4h20a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4H14l-7 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z" fill={fill} />
      <path d="M10 12h12M16 9v11" stroke={ink} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  FOODPANDA: (fill, ink) => (
    <>
      <circle cx="7" cy="8" r="5" fill={fill} />
      <circle cx="25" cy="8" r="5" fill={fill} />
      <circle cx="16" cy="18" r="12" fill={fill} />
      <circle cx="11.5" cy="17" r="2.2" fill={ink} />
      <circle cx="20.5" cy="17" r="2.2" fill={ink} />
    </>
  ),
  FOODORA: (fill) => <circle cx="16" cy="16" r="11" fill="none" stroke={fill} strokeWidth="7" />,
  PANDASEND: (fill, ink) => (
    <>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={fill} />
      <path d="M7 16l18-8-6 17-3-7z" fill={ink} />
    </>
  ),
  HUNGER_STATION: (fill, ink) => (
    <>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={fill} />
      <path d="M18 5L9 18h6l-2 9 10-14h-6z" fill={ink} />
    </>
  ),
  EFOOD: (fill, ink) => (
    <>
      <rect x="1" y="1" width="30" height="30" rx="15" fill={fill} />
      <path d="M10 16.5h12a6 6 0 1 0-1.8 4.3" fill="none" stroke={ink} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  FOODY: (fill) => (
    <path d="M16 28S3 20 3 11.5A6.5 6.5 0 0 1 16 8a6.5 6.5 0 0 1 13 3.5C29 20 16 28 16 28z" fill={fill} />
  ),
  GLOVO: (fill, ink) => (
    <>
      <path d="M16 2a11 11 0 0 1 11 11c0 8-11 17-11 17S5 21 5 13A11 11 0 0 1 16 2z" fill={fill} />
      <circle cx="16" cy="13" r="4.5" fill={ink} />
    </>
  ),
};
