// stylis as styled-components sees it in the production build (vite.config.ts): everything but the
// vendor prefixer, about 1 kB gzip of every page's first JavaScript. styled-components adds it only
// when vendor prefixes are switched on (StyleSheetManager's enableVendorPrefixes), which this app
// never does: the browsers it supports need no prefixes.
export * from 'stylis';

/** Fails loudly should vendor prefixes ever be switched on, instead of leaving styles unprefixed. */
export function prefixer(): never {
  throw new Error('stylis prefixer left out of the build (src/theme/stylisWithoutPrefixer.ts): remove that swap to enable vendor prefixes');
}
